"""The `bcr_libs` module extension of MODULE.bazel (Bzlmod, Bazel 7+).

It creates one repository, `system_libs`, whose BUILD file is bazel/bcr_libs.BUILD: the target
names of bazel/system_libs.BUILD (the WORKSPACE path's Debian libraries), forwarding to the Bazel
Central Registry modules. A repo made by a module extension sees the repos visible to the module
hosting the extension (the root module's bazel_deps) by their apparent names:
https://bazel.build/external/extension#repository_names_and_visibility
Debian's Bazel 4.2.3 never loads this file.
"""

def _bcr_libs_repo_impl(rctx):
    rctx.symlink(rctx.attr.build_file, "BUILD.bazel")

_bcr_libs_repo = repository_rule(
    implementation = _bcr_libs_repo_impl,
    attrs = {"build_file": attr.label(allow_single_file = True, mandatory = True)},
)

def _bcr_libs_impl(module_ctx):
    _bcr_libs_repo(name = "system_libs", build_file = Label("//bazel:bcr_libs.BUILD"))

bcr_libs = module_extension(implementation = _bcr_libs_impl)
