//! The `kosumi` binary: command-line flags, the logger, and stdin/stdout wired to the GTP loop
//! (or the `bench` subcommand). No Go logic lives here.

use std::io;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

use kosumi::board::{MAX_SIZE, MIN_SIZE};
use kosumi::gtp::{self, Engine};
use kosumi::player::RandomPlayer;
use kosumi::playout;
use kosumi::rules::Rules;

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
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Runs playouts (light by default) on one thread and prints playouts per second.
    Bench {
        /// Playout policy: light (the random player's) or heavy (MoGo-style).
        #[arg(long, default_value = "light", value_parser = parse_policy)]
        policy: playout::Policy,
        /// Board size, 2 to 25.
        #[arg(long, default_value_t = 9, value_parser = parse_size)]
        size: usize,
        /// Number of playouts.
        #[arg(long, default_value_t = 100_000)]
        playouts: u32,
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
    match arguments.command {
        Some(Command::Bench {
            policy,
            size,
            playouts,
        }) => bench(policy, size, playouts, seed),
        None => serve(&arguments, seed),
    }
}

fn serve(arguments: &Arguments, seed: u64) -> ExitCode {
    log::info!(
        "Kosumi {} ready: seed {seed}, rules {}, komi {}, size {}",
        env!("CARGO_PKG_VERSION"),
        arguments.rules.name,
        arguments.komi,
        arguments.size
    );
    let player = Box::new(RandomPlayer::new(seed));
    let mut engine = Engine::new(arguments.size, arguments.rules, arguments.komi, player)
        .expect("the size was checked by the argument parser");
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
    println!(
        "{size}x{size}: {} {} playouts in {cpu}{:.3} s of wall time, one thread, seed {seed}",
        result.playouts,
        match policy {
            playout::Policy::Heavy => "heavy",
            _ => "light",
        },
        result.elapsed.as_secs_f64()
    );
    println!("{:.0} playouts/s", result.playouts_per_second());
    println!("{:.1} moves per playout", result.moves_per_playout());
    println!(
        "Black wins {:.1}% at komi 7.5",
        100.0 * result.black_wins as f64 / result.playouts.max(1) as f64
    );
    ExitCode::SUCCESS
}
