#!/bin/sh
# Builds the seed corpora of the targets that read game text, `seeds/compile` and
# `seeds/reader`, from the shipped games and the library they include (games/*.game,
# games/lib/*.game), and `seeds/zrf` from the project's own Zillions test files
# (tests/data/zrf/*.zrf), so that the seeds are the files as they are today, never copies that
# drift. Run it from anywhere before `cargo fuzz run compile ... seeds/compile` (docs/fuzzing.md).
# The other targets' seeds (movegen, positions, protocol) are committed in seeds/.
set -eu
fuzz=$(cd "$(dirname "$0")" && pwd)
games="$fuzz/../games"
for target in compile reader; do
    rm -rf "$fuzz/seeds/$target"
    mkdir -p "$fuzz/seeds/$target/lib"
    cp "$games"/*.game "$fuzz/seeds/$target/"
    cp "$games"/lib/*.game "$fuzz/seeds/$target/lib/"
done
rm -rf "$fuzz/seeds/zrf"
mkdir -p "$fuzz/seeds/zrf"
cp "$fuzz"/../tests/data/zrf/*.zrf "$fuzz/seeds/zrf/"
echo "seeds/zrf: $(ls "$fuzz"/../tests/data/zrf/*.zrf | wc -l) Zillions files"
echo "seeds/compile and seeds/reader: $(ls "$games"/*.game | wc -l) games and $(ls "$games"/lib/*.game | wc -l) library files"
