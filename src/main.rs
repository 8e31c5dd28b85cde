//! The `kosumi` binary: command-line flags, the logger, and stdin/stdout wired to the GTP loop
//! (or the `bench` subcommand). No Go logic lives here.

use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

use kosumi::board::{MAX_SIZE, MIN_SIZE};
use kosumi::gtp::{self, Engine};
use kosumi::knowledge;
use kosumi::player::{
    DEFAULT_MEMORY_MB, DEFAULT_RESIGN, Limits, MctsPlayer, MctsSettings, Player, RandomPlayer,
    SharedSettings,
};
use kosumi::playout;
use kosumi::rules::Rules;

/// Writes one line of a report (`bench`, `train`) to stdout. A closed stdout (`kosumi bench |
/// head`) ends the report's output quietly instead of panicking as `println!` would.
macro_rules! report {
    ($($argument:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($argument)*);
    }};
}

/// Kosumi: a Go engine speaking GTP v2 on stdin/stdout.
///
/// Started without a subcommand, it reads GTP commands from stdin and writes replies to stdout;
/// logs go to stderr (set RUST_LOG=debug for details).
#[derive(Parser, Debug)]
#[command(name = "kosumi", version, about, long_about = None)]
struct Arguments {
    /// Seed for every random choice (default: taken from the OS and logged).
    #[arg(long, global = true)]
    seed: Option<u64>,
    /// Ruleset; its help lists the names of `rules::NAMES`.
    #[arg(long, default_value = "bga", value_parser = parse_rules, help = rules_help())]
    rules: Rules,
    /// Komi at start-up (GTP `komi` changes it).
    #[arg(long, default_value_t = 7.5, allow_negative_numbers = true)]
    komi: f64,
    /// Board size at start-up, 2 to 25 (GTP `boardsize` changes it).
    #[arg(long, default_value_t = 19, value_parser = parse_size)]
    size: usize,
    #[command(flatten)]
    search: SearchFlags,
    /// GoGui live graphics: while `genmove` and the analysis commands search, write
    /// `gogui-gfx:` sets on stderr (the candidates' win rates, the principal variation, the
    /// ownership), a few a second. Off by default, so other clients' logs stay clean.
    #[arg(long)]
    gogui_gfx: bool,
    /// mcts: after each generated move, search on the opponent's time until the next input
    /// line arrives, and keep that work for the next move. Off by default.
    #[arg(long)]
    ponder: bool,
    #[command(subcommand)]
    command: Option<Command>,
}

/// The player and its limits.
#[derive(clap::Args, Debug, Clone)]
struct SearchFlags {
    /// The player that answers `genmove`: `random` (uniform over sensible legal moves, the
    /// default) or `mcts` (Monte-Carlo tree search).
    #[arg(long, global = true, default_value = "random", value_parser = ["random", "mcts"])]
    player: String,
    /// mcts: playouts per move (reproducible with --seed and --threads 1). Default: 10000
    /// when neither --time nor a game clock limits the move.
    #[arg(long, global = true)]
    playouts: Option<u64>,
    /// mcts: seconds per move at most (a game clock may allow less). 0 answers at once.
    #[arg(long, global = true, value_parser = parse_seconds)]
    time: Option<f64>,
    /// Playout policy: light (the random player's) or heavy (MoGo-style). Default: heavy for
    /// the mcts player, light for `bench`'s bare playouts.
    #[arg(long, global = true, value_parser = parse_policy)]
    policy: Option<playout::Policy>,
    /// mcts: search threads (default: the machine's cores).
    #[arg(long, global = true, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
    /// mcts: the search tree's memory limit in MB; when it is reached the tree stops growing
    /// and the search goes on below its leaves; a kept tree is pruned between moves.
    #[arg(long, global = true, default_value_t = DEFAULT_MEMORY_MB as u64,
          value_parser = clap::value_parser!(u64).range(1..=1_048_576))]
    memory: u64,
    /// mcts: resign when the best move wins less than this share of its playouts (after
    /// 2000 playouts at the root; never in handicap games while dynamic komi is on); 0 never
    /// resigns.
    #[arg(long, global = true, default_value_t = DEFAULT_RESIGN, value_parser = parse_share)]
    resign: f64,
    /// mcts: seconds taken off every move's time on a game clock for network and GUI delays
    /// (a server's lag, a slow controller).
    #[arg(long, global = true, default_value_t = 0.05, value_parser = parse_lag)]
    lag: f64,
    /// mcts: never play from the opening book (9×9, komi 7.5, area counting), search every
    /// move instead.
    #[arg(long, global = true)]
    no_book: bool,
}

impl SearchFlags {
    /// `--playouts` for a subcommand that plays bare playouts, `default` when not given (at
    /// most `u32::MAX`).
    fn playouts_or(&self, default: u64) -> u32 {
        self.playouts.unwrap_or(default).min(u64::from(u32::MAX)) as u32
    }

    fn threads(&self) -> usize {
        match self.threads {
            Some(threads) => threads as usize,
            None => std::thread::available_parallelism().map_or(1, |cores| cores.get()),
        }
    }

    fn mcts_settings(&self) -> MctsSettings {
        MctsSettings {
            threads: self.threads(),
            memory: (self.memory as usize).saturating_mul(1 << 20),
            resign_below: self.resign,
            policy: self.policy.unwrap_or(playout::Policy::Heavy),
            lag: std::time::Duration::from_secs_f64(self.lag),
            book: !self.no_book,
            ..MctsSettings::default()
        }
    }

    /// The player, sharing `settings` when it searches.
    fn player(&self, settings: &SharedSettings, seed: u64) -> Box<dyn Player + Send> {
        match self.player.as_str() {
            "mcts" => Box::new(MctsPlayer::sharing(settings.clone(), seed)),
            _ => Box::new(RandomPlayer::new(seed)),
        }
    }

    fn limits(&self) -> Limits {
        Limits {
            playouts: self.playouts,
            time: self.time.map(std::time::Duration::from_secs_f64),
            ..Limits::default()
        }
    }
}

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if (0.0..=1e9).contains(&seconds) => Ok(seconds),
        _ => Err("the time must be a number of seconds from 0 to 1000000000".to_string()),
    }
}

fn parse_lag(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if (0.0..=3600.0).contains(&seconds) => Ok(seconds),
        _ => Err("the lag must be a number of seconds from 0 to 3600".to_string()),
    }
}

fn parse_share(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(share) if (0.0..=1.0).contains(&share) => Ok(share),
        _ => Err("the share must be a number from 0 to 1".to_string()),
    }
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Runs playouts (light by default, `--policy heavy`) on one thread and prints playouts
    /// per second (`--playouts`, default 100000); with `--player mcts`, searches the empty
    /// board instead (heavy playouts by default, `--threads`) and prints search playouts per
    /// second.
    Bench {
        /// Board size, 2 to 25.
        #[arg(long, default_value_t = 9, value_parser = parse_size)]
        size: usize,
    },
    /// Trains the move model on the SGF game records under the given folders and writes its
    /// table: every tenth game is held out, and the share of its positions whose played move
    /// is the model's first choice is printed (docs/knowledge.md).
    Train {
        /// Folders of `.sgf` files.
        #[arg(required = true)]
        folders: Vec<PathBuf>,
        /// Where to write the table (built into the next build from data/move-model.bin).
        #[arg(long, default_value = "data/move-model.bin")]
        out: PathBuf,
        /// A diamond shape becomes a feature when played this often in the training games.
        #[arg(long, default_value_t = 3)]
        min_shape_count: u32,
        /// Minorization–maximization sweeps over the feature groups.
        #[arg(long, default_value_t = 25)]
        iterations: usize,
        /// At most this many positions from each game, spread evenly over it.
        #[arg(long, default_value_t = 80)]
        positions_per_game: usize,
    },
    /// Plays playouts (heavy by default, `--policy light`; `--playouts` from each position,
    /// default 1024) from the positions a stronger engine judged, read from the cache of
    /// `scripts/position_losses.py`, and prints how well their results agree with its win
    /// rates: the correlation, the mean difference, and how often they rank two replies to
    /// one position as the judge does (docs/strength.md, "How well the playouts judge").
    PlayoutAccuracy {
        /// The judge's cache: JSON lines with a `key` and a `black_win_rate`.
        file: PathBuf,
    },
}

/// The help line of `--rules`: every preset name, from the one table of names.
fn rules_help() -> String {
    format!("Ruleset: {}", Rules::known_names())
}

fn parse_rules(name: &str) -> Result<Rules, String> {
    Rules::from_name(name)
        .ok_or_else(|| format!("unknown rules '{name}'; known: {}", Rules::known_names()))
}

fn parse_policy(name: &str) -> Result<playout::Policy, String> {
    match name {
        "light" => Ok(playout::Policy::Light),
        "heavy" => Ok(playout::Policy::Heavy),
        _ => Err(format!("unknown policy '{name}'; known: light, heavy")),
    }
}

fn parse_size(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(size) if (MIN_SIZE..=MAX_SIZE).contains(&size) => Ok(size),
        _ => Err(format!(
            "the size must be a number from {MIN_SIZE} to {MAX_SIZE}"
        )),
    }
}

fn main() -> ExitCode {
    let arguments = Arguments::parse();
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("info"))
        .target(env_logger::Target::Stderr)
        .init();
    let seed = arguments.seed.unwrap_or_else(rand::random);
    match &arguments.command {
        Some(Command::Bench { size }) if arguments.search.player == "mcts" => {
            bench_search(*size, &arguments.search, seed)
        }
        Some(Command::Bench { size }) => bench(
            arguments.search.policy.unwrap_or(playout::Policy::Light),
            *size,
            arguments.search.playouts_or(100_000),
            seed,
        ),
        Some(Command::Train {
            folders,
            out,
            min_shape_count,
            iterations,
            positions_per_game,
        }) => {
            let settings = knowledge::train::Settings {
                min_shape_count: *min_shape_count,
                iterations: *iterations,
                positions_per_game: *positions_per_game,
                ..knowledge::train::Settings::default()
            };
            train(folders, out, &settings)
        }
        Some(Command::PlayoutAccuracy { file }) => playout_accuracy(
            file,
            arguments.search.policy.unwrap_or(playout::Policy::Heavy),
            arguments.search.playouts_or(1024),
            seed,
        ),
        None => serve(&arguments, seed),
    }
}

/// `kosumi playout-accuracy`: reads the judged positions, plays the playouts and prints the
/// agreement.
fn playout_accuracy(file: &Path, policy: playout::Policy, playouts: u32, seed: u64) -> ExitCode {
    let judged = std::fs::read_to_string(file)
        .map_err(|error| format!("cannot read {}: {error}", file.display()))
        .and_then(|text| kosumi::judged::read_judged(&text));
    let judged = match judged {
        Ok(judged) => judged,
        Err(error) => {
            eprintln!("kosumi playout-accuracy: {error}");
            return ExitCode::FAILURE;
        }
    };
    let accuracy = playout::accuracy::measure(&judged, policy, playouts, seed);
    report!(
        "{} positions, {playouts} {policy:?} playouts each, seed {seed}: correlation {:.3}, \
         Black's share minus the judge's {:+.3}",
        accuracy.positions,
        accuracy.correlation,
        accuracy.mean_difference
    );
    for (gap, pairs, agreeing) in accuracy.siblings {
        report!(
            "replies to one position more than {gap} apart: {agreeing} of {pairs} ranked as the \
             judge ranks them ({:.1} %)",
            100.0 * agreeing as f64 / pairs.max(1) as f64
        );
    }
    ExitCode::SUCCESS
}

/// `kosumi train`: reads the games, fits the model, writes the table and prints the figures.
fn train(folders: &[PathBuf], out: &Path, settings: &knowledge::train::Settings) -> ExitCode {
    let games = match knowledge::train::read_games(folders) {
        Ok(games) => games,
        Err(error) => {
            eprintln!("kosumi train: {error}");
            return ExitCode::FAILURE;
        }
    };
    let mut report = knowledge::train::train(&games, settings);
    let description = format!(
        "{} training games ({} positions), {} held out ({} positions): first choice {:.1} % \
         (3x3 playout model {:.1} %)",
        report.training_games,
        report.training_positions,
        report.held_out_games,
        report.held_out_positions,
        100.0 * report.held_out_first_choice,
        100.0 * report.playout_held_out_first_choice,
    );
    report!("{description}");
    for (size, positions, share) in &report.held_out_by_size {
        report!(
            "{size}x{size}: {positions} held-out positions, first choice {:.1} %",
            100.0 * share
        );
    }
    for (group, gammas) in knowledge::features::Group::ALL
        .iter()
        .zip(&report.model.groups)
    {
        let values: Vec<String> = gammas.iter().map(|gamma| format!("{gamma:.3}")).collect();
        report!("{:>24}: {}", group.name(), values.join(" "));
    }
    report!("{:>24}: {}", "shapes", report.model.shapes.len());
    report.model.description = description;
    if let Err(error) = std::fs::write(out, report.model.to_bytes()) {
        eprintln!("kosumi train: cannot write {}: {error}", out.display());
        return ExitCode::FAILURE;
    }
    report!("wrote {}", out.display());
    ExitCode::SUCCESS
}

fn serve(arguments: &Arguments, seed: u64) -> ExitCode {
    match knowledge::model() {
        Ok(model) => log::debug!("move model: {}", model.description),
        Err(error) => {
            log::error!("the built-in move model is refused: {error}");
            return ExitCode::FAILURE;
        }
    }
    match knowledge::book::book() {
        Ok(book) => log::debug!("opening book: {} positions", book.len()),
        Err(error) => {
            log::error!("the built-in opening book is refused: {error}");
            return ExitCode::FAILURE;
        }
    }
    log::info!(
        "Kosumi {} ready: seed {seed}, rules {}, komi {}, size {}",
        env!("CARGO_PKG_VERSION"),
        arguments.rules.name,
        arguments.komi,
        arguments.size
    );
    log::info!("player {}", arguments.search.player);
    let settings = SharedSettings::new(arguments.search.mcts_settings());
    let player = arguments.search.player(&settings, seed);
    let searching = arguments.search.player == "mcts";
    if arguments.ponder && !searching {
        log::error!("--ponder needs --player mcts: the random player has nothing to ponder");
        return ExitCode::from(2);
    }
    let mut engine = Engine::new(arguments.size, arguments.rules, arguments.komi, player)
        .expect("the size was checked by the argument parser");
    engine.set_limits(arguments.search.limits());
    // The analysis commands always search: with the mcts player, in its own tree (so that
    // analysis and the next genmove share their work); otherwise, with a search of their own
    // with the same settings. `kosumi-param` changes these settings.
    let analyst: Option<Box<dyn Player + Send>> = if searching {
        None
    } else {
        Some(Box::new(MctsPlayer::sharing(settings.clone(), seed)))
    };
    engine.set_analyst(analyst, settings);
    engine.set_gogui_gfx(arguments.gogui_gfx);
    engine.set_ponder(arguments.ponder);
    match gtp::serve(io::stdin(), io::stdout(), &mut engine) {
        Ok(()) => ExitCode::SUCCESS,
        // The controller closed our stdout: nobody is listening, so there is nothing to say.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            log::error!("writing a reply failed: {error}");
            ExitCode::FAILURE
        }
    }
}

fn bench(policy: playout::Policy, size: usize, playouts: u32, seed: u64) -> ExitCode {
    let mut random = Xoshiro256PlusPlus::seed_from_u64(seed);
    let result = playout::benchmark_under(policy, size, playouts, &mut random)
        .expect("the size was checked by the argument parser");
    let cpu = match result.cpu_time {
        Some(time) => format!("{:.3} s of CPU time, ", time.as_secs_f64()),
        None => String::new(),
    };
    report!(
        "{size}x{size}: {} {} playouts in {cpu}{:.3} s of wall time, one thread, seed {seed}",
        result.playouts,
        match policy {
            playout::Policy::Heavy => "heavy",
            _ => "light",
        },
        result.elapsed.as_secs_f64()
    );
    report!("{:.0} playouts/s", result.playouts_per_second());
    report!("{:.1} moves per playout", result.moves_per_playout());
    report!(
        "Black wins {:.1}% at komi 7.5",
        100.0 * result.black_wins as f64 / result.playouts.max(1) as f64
    );
    ExitCode::SUCCESS
}

fn bench_search(size: usize, flags: &SearchFlags, seed: u64) -> ExitCode {
    let playouts = flags.playouts.unwrap_or(100_000);
    let settings = flags.mcts_settings();
    let cpu_start = process_cpu_seconds();
    let bench = kosumi::player::bench_search(size, playouts, &settings, seed)
        .expect("the size was checked by the argument parser");
    let result = &bench.outcome;
    let cpu = process_cpu_seconds()
        .zip(cpu_start)
        .map(|(end, start)| end - start);
    report!(
        "{size}x{size}: a search of {} playouts from the empty board in {:.3} s of wall time, \
         {} thread(s), seed {seed}",
        result.playouts,
        result.elapsed.as_secs_f64(),
        settings.threads
    );
    report!(
        "{:.0} search playouts/s",
        result.playouts as f64 / result.elapsed.as_secs_f64().max(1e-9)
    );
    report!(
        "tree: {} nodes, {:.1} MB, {:.0} bytes per playout; peak resident memory {}",
        bench.nodes,
        bench.tree_bytes as f64 / 1e6,
        bench.tree_bytes as f64 / result.playouts.max(1) as f64,
        peak_resident_memory().map_or_else(
            || "unknown".to_string(),
            |kb| format!("{:.1} MB", kb as f64 / 1e3)
        )
    );
    if let Some(cpu) = cpu {
        // Wall time is what threads gain; CPU time tells whether the machine was busy.
        report!(
            "{cpu:.3} s of CPU time: {:.0} search playouts per CPU second",
            result.playouts as f64 / cpu.max(1e-9)
        );
    }
    ExitCode::SUCCESS
}

/// The most memory this process has held resident, in kB (Linux's `VmHWM` in
/// `/proc/self/status`); `None` where that file does not exist.
fn peak_resident_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = text.lines().find(|line| line.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The CPU time this process has used (all threads, user and system), from Linux's
/// `/proc/self/stat` in clock ticks of 1/100 s; `None` where that file does not exist.
fn process_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name, which is in parentheses and may hold spaces.
    let fields: Vec<&str> = text.rsplit_once(')')?.1.split_whitespace().collect();
    let user: f64 = fields.get(11)?.parse().ok()?;
    let system: f64 = fields.get(12)?.parse().ok()?;
    Some((user + system) / 100.0)
}
