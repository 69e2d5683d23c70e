#!/bin/sh
# One Bazel test shard: `infowin check` of its share of the renders, its report kept in Bazel's undeclared
# outputs (bazel-testlogs/…/shard_K_of_N/test.outputs/) for `infowin report merge`.
set -eu
specs=$1
golden=$2
exec "${INFOWIN:-infowin}" check "$specs" --golden "$golden" --record never --shard auto \
  --report "${TEST_UNDECLARED_OUTPUTS_DIR:-report}/infowin-report"
