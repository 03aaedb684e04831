# The differential suite (docs/differential.md): the recordings and seeded random streams through
# vtsnap and both oracles. Needs node, test/corpus/oracle/node_modules (scripts/test.sh runs
# `npm ci` there) and libvterm-dev.
vtsnap_add_test(differential_test differential_test.cc
                LIBS vtsnap_oracles vtsnap_differential_gen)
