#!/usr/bin/env bash
# Differential testing at scale against GNU Go: N random games (9x9, 13x13 and 19x19 in turn)
# played into Kosumi and GNU Go 3.8 in lockstep, comparing all_legal, the stones of both
# colours and the captures after every move, with illegal attempts (occupied point, suicide,
# ko retake) that both must refuse. This is tests/gnugo.rs with more games (CI runs its
# default, 30), in a release build.
#
#   scripts/differential.sh [GAMES] [FIRST_SEED]     # default: 1000 games from seed 1
#
# Needs GNU Go (apt-get install gnugo; KOSUMI_GNUGO=/path/to/gnugo if not in /usr/games).
# A disagreement stops the run with the seed, size and move number, and both positions.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-1000}
seed=${2:-1}
cargo build --release --tests --quiet
start=$SECONDS
KOSUMI_DIFF_GAMES=$games KOSUMI_DIFF_SEED=$seed \
    cargo test --release --quiet --test integration -- --ignored --exact --nocapture \
    gnugo::random_games_agree_with_gnu_go_on_legal_moves_stones_and_captures
echo "differential: $games games from seed $seed in $((SECONDS - start)) s"
