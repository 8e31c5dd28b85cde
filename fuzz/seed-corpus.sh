#!/usr/bin/env bash
# Seeds the fuzz corpora from gtp-scripts/ and writes a libFuzzer dictionary of GTP words.
#
#   fuzz/seed-corpus.sh        (from anywhere; idempotent)
#
# - fuzz/corpus/line_parser/: every distinct line of every gtp-scripts/*.tst, one file each;
# - fuzz/corpus/session/: every gtp-scripts/*.tst whole, as one session each, twice: after a
#   0 byte (the random player) and after a 1 byte (the mcts player);
# - fuzz/corpus/sgf/: every gtp-scripts/**/*.sgf record, after a 0 byte (load to the end);
# - fuzz/corpus/judgement/: made empty (its inputs are two bytes of choices and packed points);
# - fuzz/corpus/gtp.dict: every command name of src/gtp/command.rs, colours, vertices and
#   the other words of the protocol (pass it with -dict=fuzz/corpus/gtp.dict).
# The corpus directories are git-ignored: the fuzzer grows them as it runs.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
corpus="$root/fuzz/corpus"
mkdir -p "$corpus/line_parser" "$corpus/session" "$corpus/sgf" "$corpus/judgement"

shopt -s nullglob globstar
scripts=("$root"/gtp-scripts/**/*.tst)
for script in "${scripts[@]}"; do
    { printf '\0'; cat "$script"; } >"$corpus/session/$(basename "$script")"
    { printf '\1'; cat "$script"; } >"$corpus/session/mcts-$(basename "$script")"
    while IFS= read -r line || [ -n "$line" ]; do
        [ -n "$line" ] || continue
        name="$(printf '%s' "$line" | sha1sum | cut -c1-16)"
        printf '%s' "$line" >"$corpus/line_parser/$name"
    done <"$script"
done

# The SGF target reads its first byte as the position to load (0: the end).
for record in "$root"/gtp-scripts/**/*.sgf; do
    { printf '\0'; cat "$record"; } >"$corpus/sgf/$(basename "$record")"
done

dict="$corpus/gtp.dict"
{
    grep -o 'name: "[^"]*"' "$root/src/gtp/command.rs" | sed 's/^name: //'
    for word in black white b w B W pass PASS A1 D4 J9 K10 T19 Z25 I5 A26 \
        0 1 2 9 13 19 25 26 7.5 -1 2147483647 2147483648 \
        chinese japanese tromp-taylor new_zealand none absolute byoyomi canadian; do
        printf '"%s"\n' "$word"
    done
    printf '"%s"\n' '\x0a' '\x0d' '\x09' '\x00' '#' ' ' '\xff'
} >"$dict"
echo "seeded $(ls "$corpus/line_parser" | wc -l) lines, $(ls "$corpus/session" | wc -l) sessions and $(ls "$corpus/sgf" | wc -l) records; dictionary $dict"
