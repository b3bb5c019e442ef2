#!/bin/sh
# extract_strategy.sh REF DIR: our strategy as commit REF had it, as DIR/Strategy/, a folder of
# plain files ready for the OJ's build. Before engine/ existed, Strategy/ held the files; since,
# it holds links into engine/ and Compete/framework/, which are resolved here.
set -e
ref=$1
dir=$2
tree=$dir/.tree
rm -rf "$dir"
mkdir -p "$tree"
git archive "$ref" $(git ls-tree --name-only "$ref" Strategy engine Compete) | tar -x -C "$tree"
mkdir "$dir/Strategy"
for f in "$tree"/Strategy/*; do
  case $f in *.cpp | *.h) cp -L "$f" "$dir/Strategy/" ;; esac
done
rm -rf "$tree"
