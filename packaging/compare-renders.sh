#!/bin/sh
# Usage: packaging/compare-renders.sh EXPECTED ACTUAL
# Fails, naming each file, unless the two folders hold the same files with the same bytes.
set -eu
expected=$1
actual=$2
count=$(find "$expected" -type f | wc -l)
if [ "$count" -eq 0 ]; then
    echo "compare: $expected holds no file" >&2
    exit 1
fi
if ! diff -r "$expected" "$actual" >&2; then
    echo "compare: FAILED: $actual differs from $expected (above)" >&2
    exit 1
fi
echo "compare: all $count files byte-identical ($actual = $expected)"
