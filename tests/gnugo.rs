//! The differential test against GNU Go 3.8, the reference implementation of GTP: random
//! games on 9×9, 13×13 and 19×19 played into both engines (Kosumi under `chinese`, the rules
//! the README recommends against GNU Go: GNU Go's move rules, simple ko and no suicide). After every move both engines must
//! agree on `all_legal` for the side to move, on `list_stones` for both colours and on
//! `captures`; deliberate illegal plays (an occupied point, a suicide, a ko retake) must be
//! refused by both. The test chooses the moves, not GNU Go, so it stays fast.
//!
//! Ignored unless GNU Go is installed (`cargo test -- --include-ignored`; `.ci/run` does).
//! `KOSUMI_DIFF_GAMES` (default 30, sizes in turn) and `KOSUMI_DIFF_SEED` (default 1) set
//! the number of games and the first seed; a failure names its seed.

use std::collections::{BTreeMap, BTreeSet};

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use crate::util::{Reply, Session, environment_number};

const COLUMNS: &str = "ABCDEFGHJKLMNOPQRST";
const SIZES: [usize; 3] = [9, 13, 19];

/// A vertex as (column, row), both 0-based from the lower left.
type Place = (usize, usize);

fn place_of(vertex: &str) -> Place {
    let vertex = vertex.to_ascii_uppercase();
    let column = COLUMNS
        .find(&vertex[..1])
        .unwrap_or_else(|| panic!("not a vertex: {vertex}"));
    let row: usize = vertex[1..]
        .parse()
        .unwrap_or_else(|_| panic!("not a vertex: {vertex}"));
    (column, row - 1)
}

fn vertex_of((column, row): Place) -> String {
    format!("{}{}", &COLUMNS[column..=column], row + 1)
}

fn places(text: &str) -> BTreeSet<Place> {
    text.split_whitespace().map(place_of).collect()
}

fn neighbours(size: usize, (x, y): Place) -> Vec<Place> {
    let mut result = Vec::with_capacity(4);
    if x > 0 {
        result.push((x - 1, y));
    }
    if x + 1 < size {
        result.push((x + 1, y));
    }
    if y > 0 {
        result.push((x, y - 1));
    }
    if y + 1 < size {
        result.push((x, y + 1));
    }
    result
}

/// An eye as the random player sees it (issue 2): every orthogonal neighbour is an own stone
/// or the edge, and fewer than two diagonal points hold opposing stones, none on the edge.
/// Random games that never fill such points end in a few hundred moves.
fn is_eye(size: usize, own: &BTreeSet<Place>, other: &BTreeSet<Place>, place: Place) -> bool {
    if !neighbours(size, place)
        .iter()
        .all(|neighbour| own.contains(neighbour))
    {
        return false;
    }
    let (x, y) = (place.0 as isize, place.1 as isize);
    let mut opposing = 0;
    let mut on_edge = false;
    for (dx, dy) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
        let (diagonal_x, diagonal_y) = (x + dx, y + dy);
        let size = size as isize;
        if diagonal_x < 0 || diagonal_y < 0 || diagonal_x >= size || diagonal_y >= size {
            on_edge = true;
        } else if other.contains(&(diagonal_x as usize, diagonal_y as usize)) {
            opposing += 1;
        }
    }
    if on_edge { opposing == 0 } else { opposing < 2 }
}

/// What both engines agree on after a move.
#[derive(Clone, Debug, PartialEq)]
struct State {
    /// Stones of Black and of White.
    stones: [BTreeSet<Place>; 2],
    /// Prisoners taken by Black and by White.
    captures: [u32; 2],
    /// Legal points for the side to move.
    legal: BTreeSet<Place>,
}

/// Which kind of illegal play was tried, for the tally.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Attempt {
    Occupied,
    Suicide,
    KoRetake,
}

/// The two engines, spoken to in lockstep.
struct Pair {
    kosumi: Session,
    gnugo: Session,
}

impl Pair {
    /// Sends the same commands to both (both work at once) and returns both replies.
    fn send(&mut self, commands: &[String]) -> (Vec<Reply>, Vec<Reply>) {
        self.kosumi.write_commands(commands);
        self.gnugo.write_commands(commands);
        let kosumi = self.kosumi.read_replies(commands);
        let gnugo = self.gnugo.read_replies(commands);
        (kosumi, gnugo)
    }

    /// Sends commands that must succeed on both.
    fn both_ok(&mut self, commands: &[String], context: &str) -> (Vec<String>, Vec<String>) {
        let (kosumi, gnugo) = self.send(commands);
        let unwrap = |replies: Vec<Reply>, engine: &str| -> Vec<String> {
            replies
                .into_iter()
                .zip(commands)
                .map(|(reply, command)| {
                    reply.unwrap_or_else(|message| {
                        panic!("{context}: {engine} refused {command:?}: {message}")
                    })
                })
                .collect()
        };
        (unwrap(kosumi, "Kosumi"), unwrap(gnugo, "GNU Go"))
    }

    /// Reads the state from both engines and checks that they agree.
    fn agreed_state(&mut self, to_move: &str, context: &str) -> State {
        let commands = [
            format!("all_legal {to_move}"),
            "list_stones black".to_string(),
            "list_stones white".to_string(),
            "captures black".to_string(),
            "captures white".to_string(),
        ];
        let (kosumi, gnugo) = self.both_ok(&commands, context);
        let read = |replies: &[String]| State {
            legal: places(&replies[0]),
            stones: [places(&replies[1]), places(&replies[2])],
            captures: [
                replies[3].trim().parse().expect("a number"),
                replies[4].trim().parse().expect("a number"),
            ],
        };
        let (kosumi_state, gnugo_state) = (read(&kosumi), read(&gnugo));
        if kosumi_state != gnugo_state {
            let board = self.kosumi.ok("showboard");
            for (what, index) in [("all_legal", 0), ("black stones", 1), ("white stones", 2)] {
                let (ours, theirs) = (places(&kosumi[index]), places(&gnugo[index]));
                if ours != theirs {
                    let only_kosumi: Vec<String> =
                        ours.difference(&theirs).map(|&p| vertex_of(p)).collect();
                    let only_gnugo: Vec<String> =
                        theirs.difference(&ours).map(|&p| vertex_of(p)).collect();
                    panic!(
                        "{context}: {what} differ: only Kosumi {only_kosumi:?}, only GNU Go \
                         {only_gnugo:?}\n{board}"
                    );
                }
            }
            panic!(
                "{context}: captures differ: Kosumi {:?}, GNU Go {:?}\n{board}",
                kosumi_state.captures, gnugo_state.captures
            );
        }
        kosumi_state
    }
}

/// One random game: the test picks uniformly among the agreed legal moves that do not fill a
/// point surrounded by the mover's own stones, and passes when there is none.
fn play_random_game(
    pair: &mut Pair,
    size: usize,
    seed: u64,
    tally: &mut BTreeMap<Attempt, usize>,
) -> usize {
    let mut random = Xoshiro256PlusPlus::seed_from_u64(seed);
    let context = format!("seed {seed}, {size}x{size}");
    for engine in [&mut pair.kosumi, &mut pair.gnugo] {
        engine.ok(&format!("boardsize {size}"));
        engine.ok("clear_board");
    }
    let colors = ["black", "white"];
    let mut to_move = 0;
    let mut passes = 0;
    let mut ko_point: Option<Place> = None;
    let mut state = pair.agreed_state(colors[to_move], &context);
    let move_limit = 3 * size * size;
    let mut number = 0;
    while passes < 2 && number < move_limit {
        number += 1;
        let context = format!("{context}, move {number}, {}", colors[to_move]);
        let attempts = illegal_attempts(&state, to_move, ko_point, number, size, &mut random);
        for (kind, place) in attempts {
            check_refused(pair, &state, kind, place, colors[to_move], &context);
            *tally.entry(kind).or_default() += 1;
        }

        // The move: uniform among legal points that are not the mover's own eyes.
        let (own, other) = (&state.stones[to_move], &state.stones[1 - to_move]);
        let candidates: Vec<Place> = state
            .legal
            .iter()
            .filter(|&&place| !is_eye(size, own, other, place))
            .copied()
            .collect();
        let chosen =
            (!candidates.is_empty()).then(|| candidates[random.random_range(0..candidates.len())]);
        let vertex = chosen.map_or("pass".to_string(), vertex_of);
        pair.both_ok(&[format!("play {} {vertex}", colors[to_move])], &context);
        passes = if chosen.is_none() { passes + 1 } else { 0 };

        let before = state;
        state = pair.agreed_state(colors[1 - to_move], &format!("{context} after {vertex}"));
        ko_point = chosen.and_then(|played| ko_made(size, &before, &state, to_move, played));
        to_move = 1 - to_move;
    }
    number
}

/// The illegal plays to try for the mover (`to_move`, 0 for Black): the ko retake, which
/// exists only right after a capture that made one; every fourth move an occupied point; and a
/// suicide point, one of the empty points missing from all_legal.
fn illegal_attempts(
    state: &State,
    to_move: usize,
    ko_point: Option<Place>,
    number: usize,
    size: usize,
    random: &mut Xoshiro256PlusPlus,
) -> Vec<(Attempt, Place)> {
    let (own, other) = (&state.stones[to_move], &state.stones[1 - to_move]);
    let mut attempts: Vec<(Attempt, Place)> = Vec::new();
    if let Some(point) = ko_point {
        attempts.push((Attempt::KoRetake, point));
    }
    let occupied: Vec<Place> = own.iter().chain(other.iter()).copied().collect();
    if !occupied.is_empty() && number % 4 == 0 {
        attempts.push((
            Attempt::Occupied,
            occupied[random.random_range(0..occupied.len())],
        ));
    }
    let suicides: Vec<Place> = (0..size)
        .flat_map(|x| (0..size).map(move |y| (x, y)))
        .filter(|place| {
            !own.contains(place)
                && !other.contains(place)
                && !state.legal.contains(place)
                && Some(*place) != ko_point
        })
        .collect();
    if !suicides.is_empty() {
        attempts.push((
            Attempt::Suicide,
            suicides[random.random_range(0..suicides.len())],
        ));
    }
    attempts
}

/// Plays an illegal `place` for `color` on both engines, and checks that both refuse it (and
/// that a ko retake is not listed as legal).
fn check_refused(
    pair: &mut Pair,
    state: &State,
    kind: Attempt,
    place: Place,
    color: &str,
    context: &str,
) {
    if kind == Attempt::KoRetake {
        assert!(
            !state.legal.contains(&place),
            "{context}: the ko retake at {} is listed as legal",
            vertex_of(place)
        );
    }
    let command = format!("play {color} {}", vertex_of(place));
    let (kosumi, gnugo) = pair.send(std::slice::from_ref(&command));
    assert_eq!(
        kosumi[0],
        Err("illegal move".to_string()),
        "{context}: Kosumi on {command} ({kind:?})"
    );
    assert_eq!(
        gnugo[0],
        Err("illegal move".to_string()),
        "{context}: GNU Go on {command} ({kind:?})"
    );
}

/// The ko point `mover`'s move at `played` made, if any: the move captured exactly one stone,
/// and its stone stands alone with that point as its only liberty.
fn ko_made(
    size: usize,
    before: &State,
    after: &State,
    mover: usize,
    played: Place,
) -> Option<Place> {
    let captured: Vec<Place> = before.stones[1 - mover]
        .difference(&after.stones[1 - mover])
        .copied()
        .collect();
    let alone = neighbours(size, played)
        .iter()
        .all(|neighbour| !after.stones[mover].contains(neighbour));
    let liberties: Vec<Place> = neighbours(size, played)
        .into_iter()
        .filter(|neighbour| {
            !after.stones[0].contains(neighbour) && !after.stones[1].contains(neighbour)
        })
        .collect();
    (captured.len() == 1 && alone && liberties == captured).then(|| captured[0])
}

#[test]
#[ignore = "needs GNU Go (/usr/games/gnugo)"]
fn random_games_agree_with_gnu_go_on_legal_moves_stones_and_captures() {
    let games = environment_number("KOSUMI_DIFF_GAMES", 30);
    let first_seed = environment_number("KOSUMI_DIFF_SEED", 1);
    assert!(games >= 3, "at least one game per size");
    let mut pair = Pair {
        kosumi: Session::kosumi(&["--rules", "chinese"]),
        gnugo: Session::gnugo(&[]),
    };
    let mut tally = BTreeMap::new();
    let mut moves = 0;
    for game in 0..games {
        let size = SIZES[(game % SIZES.len() as u64) as usize];
        moves += play_random_game(&mut pair, size, first_seed + game, &mut tally);
    }
    let count = |kind: Attempt| tally.get(&kind).copied().unwrap_or(0);
    println!(
        "{games} games, {moves} moves; refused by both: {} occupied, {} suicide, {} ko retake",
        count(Attempt::Occupied),
        count(Attempt::Suicide),
        count(Attempt::KoRetake)
    );
    for kind in [Attempt::Occupied, Attempt::Suicide, Attempt::KoRetake] {
        assert!(
            count(kind) > 0,
            "no {kind:?} attempt was made: the test lost its teeth"
        );
    }
}

/// A scratch directory for the records of one test, removed when dropped.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let path = std::env::temp_dir().join(format!("kosumi-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&path).expect("a scratch directory");
        Scratch(path)
    }

    /// Writes `text` as the file `name` and returns its absolute path.
    fn file(&self, name: &str, text: &str) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, text).expect("a scratch file");
        path.display().to_string()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The colour to move (the reply to `loadsgf`) and the stones of both colours.
fn position(session: &mut Session, load: &str) -> (String, [BTreeSet<Place>; 2]) {
    let to_move = session
        .send(load)
        .unwrap_or_else(|error| panic!("{}: {load}: {error}", session.label()));
    (
        to_move,
        [
            places(&session.ok("list_stones black")),
            places(&session.ok("list_stones white")),
        ],
    )
}

/// Records with each feature `loadsgf` must accept as GNU Go does: the name, the record, the
/// points its `AE` properties empty (GNU Go 3.8 ignores `AE`, even in the root node, against
/// FF[4]: Kosumi's stones must be GNU Go's less those points), and the positions to load
/// (`loadsgf FILE`, `FILE N`, `FILE VERTEX`). Not compared: loading stops before a move whose
/// colour is the colour of the move before it (a setup node between them): GNU Go then
/// replies the colour of the move not played, Kosumi the opponent of the last mover.
const FEATURE_RECORDS: [(&str, &str, &[&str], &[&str]); 8] = [
    (
        "setup after moves, the issue's example",
        "(;GM[1]FF[4]SZ[9]AB[aa][bb];B[hh];W[ii];AE[hh]AB[dd];W[ee])",
        &["H2"],
        &["", " 4"],
    ),
    (
        "setup of both colours between moves, and a capture by setup",
        "(;GM[1]FF[4]SZ[9]KM[5.5]AB[aa][bb];B[hh];W[ii];AB[dd]AW[ff][ab][ba];B[ee];W[cc];\
         AB[gg:hh];B[ah])",
        &[],
        &["", " 3", " 5", " C7"],
    ),
    (
        "a malformed komi",
        "(;GM[1]FF[4]SZ[9]KM[abc];B[ee];W[cc];B[gg])",
        &[],
        &["", " 2"],
    ),
    (
        "HA without AB, White first",
        "(;GM[1]FF[4]SZ[9]HA[3];W[ee];B[ec];W[eg])",
        &[],
        &["", " 1", " 2"],
    ),
    (
        "HA[9] without AB on 19x19",
        "(;GM[1]FF[4]SZ[19]HA[9]KM[0.5];W[aa];B[ss])",
        &[],
        &["", " 1"],
    ),
    (
        "HA without AB, PL[W] and no move",
        "(;GM[1]FF[4]SZ[13]HA[4]PL[W])",
        &[],
        &[""],
    ),
    (
        "HA with its AB stones, and Black first with HA",
        "(;GM[1]FF[4]SZ[9]HA[2]AB[cc][gg];W[ee];B[ce])",
        &[],
        &["", " 2"],
    ),
    (
        "game information, result and comments",
        "(;GM[1]FF[4]SZ[9]KM[6.5]PB[Black player]PW[White player]BR[3d]WR[2k]DT[2024-05-01]\
         EV[Club]RO[2]GN[Final]PC[Here]SO[Book]US[Typist]GC[A game]RE[W+R]C[Root comment]\
         ;B[ee]C[First move];C[an empty node];W[cc](;B[gg]C[main])(;B[gc]C[variation]))",
        &[],
        &["", " 2"],
    ),
];

#[test]
#[ignore = "needs GNU Go (/usr/games/gnugo)"]
fn records_with_setup_between_moves_handicap_by_ha_and_bad_settings_load_as_in_gnu_go() {
    let scratch = Scratch::new("gnugo-records");
    let mut kosumi = Session::kosumi(&["--rules", "japanese"]);
    let mut gnugo = Session::gnugo(&[]);
    for (number, (name, text, emptied, targets)) in FEATURE_RECORDS.iter().enumerate() {
        let file = scratch.file(&format!("record-{number}.sgf"), text);
        for target in *targets {
            let load = format!("loadsgf {file}{target}");
            let context = format!("{name}: loadsgf{target}");
            let (gnugo_to_move, mut expected) = position(&mut gnugo, &load);
            for vertex in *emptied {
                expected[0].remove(&place_of(vertex));
                expected[1].remove(&place_of(vertex));
            }
            let (kosumi_to_move, stones) = position(&mut kosumi, &load);
            assert_eq!(stones, expected, "{context}: stones differ");
            assert_eq!(
                kosumi_to_move, gnugo_to_move,
                "{context}: the colour to move"
            );

            // The record Kosumi prints loads into GNU Go as the same position (where GNU Go
            // reads every property Kosumi wrote: no AE).
            let printed = kosumi.ok("printsgf");
            if emptied.is_empty() {
                let copy = scratch.file(&format!("printed-{number}.sgf"), &printed);
                let (_, from_print) = position(&mut gnugo, &format!("loadsgf {copy}"));
                assert_eq!(
                    from_print, stones,
                    "{context}: the printed record in GNU Go"
                );
            }
        }
    }

    // Before the setup node, the position is the moves' alone.
    let file = scratch.file("before-edit.sgf", FEATURE_RECORDS[0].1);
    let load = format!("loadsgf {file} 2");
    assert_eq!(position(&mut kosumi, &load), position(&mut gnugo, &load));

    // Undo after a setup edit: both take back the move after it, and neither the edit nor
    // anything before it.
    let file = scratch.file("undo.sgf", FEATURE_RECORDS[1].1);
    for session in [&mut kosumi, &mut gnugo] {
        session.ok(&format!("loadsgf {file}"));
        assert!(
            session.send("undo").is_ok(),
            "{}: undo W A2",
            session.label()
        );
        assert_eq!(
            session.send("undo"),
            Err("cannot undo".to_string()),
            "{}: undo across the setup edit",
            session.label()
        );
    }
    let kosumi_stones = [
        places(&kosumi.ok("list_stones black")),
        places(&kosumi.ok("list_stones white")),
    ];
    let gnugo_stones = [
        places(&gnugo.ok("list_stones black")),
        places(&gnugo.ok("list_stones white")),
    ];
    assert_eq!(kosumi_stones, gnugo_stones, "after undo");
}
