//! Kosumi's integration tests: one test crate (as ripgrep has it) whose modules run the real
//! `kosumi` binary, or the library, from the outside. `cargo test` runs them; the ones that
//! need GNU Go are ignored unless `-- --include-ignored` is given (`.ci/run` does).

// Helpers: the kosumi binary with a fixed seed, GTP sessions with any engine, reply parsing.
mod util;
// The GTP wire format byte for byte: ids, framing, cleaning, error texts, quit, EOF, flags.
mod protocol;
// The runner for gtp-scripts/*.tst (GNU Go / gogui-regress regression format).
mod scripts;
// Seeded random games through the library, checked against a slow model of the rules.
mod properties;
// Whole games over GTP: two Kosumi processes, and Kosumi against GNU Go (ignored by default).
mod self_play;
// The differential test against GNU Go: legal moves, stones and captures (ignored by default).
mod gnugo;
// GoGui's analyze commands and interrupt, gogui-twogtp's exact traffic (the clients themselves
// run in .ci/interop).
mod interop;
// Property tests (proptest) over random move and command sequences against a slow reference.
mod sequences;
// Input and output faults: huge lines, end of input mid-line, closed stdout and stderr.
mod faults;
// The mcts player: reproducible, legal under every ruleset, stopped by interrupt and end of
// input, bounded by time and memory limits.
mod search;
// Memory over 100,000-move sessions; whole-board commands on the largest board.
mod resources;
// Live analysis: lz-analyze, kata-analyze, analyze and the genmove twins on the wire, the stop
// on any input line and its latency, GoGui live graphics, pondering.
mod analysis;
// The documents: every docs/<name>.md §<number> reference resolves; nothing cites a document
// outside the repository.
mod docs;
