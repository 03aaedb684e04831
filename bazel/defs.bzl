"""vtsnap_golden_test: a GoogleTest cc_test whose goldens are its data (bazel/README.md)."""

# Files that may sit in a golden folder without being goldens: review files a CMake run left
# beside them and the HTML failure report (docs/goldens.md). Never test inputs.
_NOT_GOLDENS = [
    "**/*.actual",
    "**/*.actual/**",
    "**/vtsnap-report.html",
    "**/vtsnap-report.entries/**",
    "**/.*.tmp.*",
]

_SOURCE_SUFFIXES = (".cc", ".cpp", ".cxx", ".c++")

def vtsnap_golden_folders(srcs):
    """The golden folder of each test source: `<its directory>/goldens/<its stem>`."""
    folders = []
    for src in srcs:
        if type(src) != "string" or not src.endswith(_SOURCE_SUFFIXES):
            continue
        slash = src.rfind("/")
        directory = src[:slash + 1] if slash >= 0 else ""
        stem = src[slash + 1:src.rfind(".")]
        folders.append(directory + "goldens/" + stem)
    return folders

def vtsnap_golden_test(
        name,
        srcs,
        deps = [],
        goldens = None,
        data = [],
        shard_count = None,
        main = True,
        **kwargs):
    """A cc_test of vtsnap golden assertions.

    Args:
      name: the test's name.
      srcs: its sources. Each source's goldens are `<its directory>/goldens/<its stem>/`.
      deps: its libraries; vtsnap's matchers (//:vtsnap_gtest) are added.
      goldens: the golden files, the test's data: changing one re-runs this test and nothing
        else. By default every file in each source's golden folder (review files and the
        failure report excluded). The closed inventory checks the declared goldens: a golden
        left out of this list is invisible to the test, so it can be neither read nor an orphan.
      data: other data files.
      shard_count: as cc_test's. Shards split the test's source files, not its tests
        (matchers/shard.h), so each golden folder is checked whole by one shard: an orphan
        fails that shard, and no shard reports a false one.
      main: True links //:vtsnap_gtest_main (GoogleMock's main with that sharding). False when
        `srcs` or `deps` bring their own main; it should call vtsnap::ShardBySourceFile()
        between InitGoogleTest and RUN_ALL_TESTS when the test is sharded.
      **kwargs: any other cc_test attribute (tags, env, args, copts, ...); `size` defaults to
        "small" (a minute), since golden tests are quick.
    """
    if goldens == None:
        goldens = native.glob(
            [folder + "/**" for folder in vtsnap_golden_folders(srcs)],
            exclude = _NOT_GOLDENS,
            allow_empty = True,
        )
    kwargs.setdefault("size", "small")
    all_deps = list(deps) + [Label("//:vtsnap_gtest")]
    if main:
        all_deps.append(Label("//:vtsnap_gtest_main"))
    native.cc_test(
        name = name,
        srcs = srcs,
        deps = all_deps,
        data = list(data) + goldens,
        shard_count = shard_count,
        **kwargs
    )
