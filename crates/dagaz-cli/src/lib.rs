//! The `dagaz` command line, as a library so that tests (and other front ends) can run it in
//! process: [`run`] takes the arguments and two writers and returns the exit code;
//! [`uci_session`] and [`hub_session`] speak a protocol for a game already loaded, over any
//! input and output (the `protocol` fuzz target drives them in memory).
//!
//! Exit codes: 0 success; 1 the game is over, so `moves` and `bestmove` have no move to print
//! (standard output stays empty; standard error says how it ended); 2 bad input of any kind
//! (arguments, a game file, a setup, a game whose rules fail at run time). Nothing is written to standard output before the answer is known,
//! so a failed command never leaves half an answer behind.

#![warn(missing_docs)]

mod about;
mod board_text;
mod commands;
mod diagnostics;
mod failure;
mod games;
mod hub;
mod info;
mod input;
mod loaded;
mod numbers;
mod play;
mod protocol;
mod serve;
mod tune;
mod uci;
mod worker;

use clap::{Args, Parser, Subcommand};
use std::ffi::OsString;
use std::io::{BufRead, Write};
use std::path::PathBuf;

use failure::Failure;

pub use diagnostics::located;
pub use hub::session as hub_session;
pub use uci::session as uci_session;
pub use worker::{Caps, Settings};

/// The exit code for bad input.
pub const EXIT_BAD_INPUT: i32 = 2;

/// The exit code of `moves` and `bestmove` on a finished game: no move, and no error either
/// (as `grep` exits 1 when nothing matches).
pub const EXIT_GAME_OVER: i32 = 1;

#[derive(Debug, Parser)]
#[command(
    name = "dagaz",
    version,
    about = "A general board-game engine: games are written in the dagaz language (.game files).",
    long_about = "A general board-game engine. A game is a .game file in the dagaz language: a \
board, pieces whose moves are small non-deterministic programs, and players. dagaz compiles it, \
lists legal moves and counts perft. It opens Zillions of Games rules files (.zrf) too, as far as \
docs/zrf.md says.\n\nExit codes: 0 success, 1 the game is over (`moves` and \
`bestmove` print nothing and say on standard error how it ended), 2 bad input (arguments, game \
file, setup, or a rule that fails while moves are generated).",
    after_help = "Examples:\n  dagaz games\n  dagaz moves simple-checkers\n  dagaz check games/chess.game\n  dagaz perft chess --fen \"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\" --depth 3\n  dagaz fen chess --moves e2e4 e7e5 g1f3\n  dagaz perft simple-checkers --depth 5 --divide\n  dagaz moves simple-checkers --setup \"(White (Man c3)) (Black (Man d4 f6)) (turn White)\"\n  dagaz perft international --fen \"W:W31-50:B1-20\" --depth 6\n  dagaz moves international --moves 32-28 19-23 28x19\n  cargo xtask web && dagaz serve --open"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    // One short line: it shows in every command's help. A `long_help` would turn all of
    // `--help` into the long layout, each option's text on lines of its own; the long story
    // is docs/vm.md's "The native back end".
    /// Run the rules in the interpreter, not the compiled code (slower, same moves).
    #[arg(long, global = true)]
    interpreter: bool,
    /// For a Zillions file (.zrf): which of its games, by number (0, the default, is its
    /// `(game ...)`) or title; `dagaz info FILE` lists them.
    #[arg(long, global = true, value_name = "N|TITLE")]
    variant: Option<String>,
    /// The compiled chains, the default: kept so that command lines which ask for them (as
    /// they had to before they were the default) still work.
    #[arg(
        long = "native",
        global = true,
        hide = true,
        conflicts_with = "interpreter"
    )]
    _native: bool,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print the legal moves, one per line, in the game's notation, sorted. On a finished
    /// game: nothing, how it ended on standard error (`game over — ...`) and exit code 1.
    Moves {
        #[command(flatten)]
        position: PositionArgs,
        /// How the moves are written: `game` (what the game's `log`s write, as protocols speak:
        /// e2e4) or `san` (Standard Algebraic Notation, for a game that declares it: e4, Nf3)
        #[arg(
            long,
            value_enum,
            default_value_t = Notation::Game,
            hide_possible_values = true
        )]
        notation: Notation,
    },
    /// Count the leaf nodes DEPTH plies below the position; the count is the last line.
    Perft {
        #[command(flatten)]
        position: PositionArgs,
        /// Plies to search.
        #[arg(long, short)]
        depth: u32,
        /// Before the total, print `move: count` for each legal move (sorted by notation).
        #[arg(long)]
        divide: bool,
        /// How `--divide` writes the moves: `game` (e2e4) or `san` (e4, Nf3)
        #[arg(
            long,
            value_enum,
            default_value_t = Notation::Game,
            requires = "divide",
            hide_possible_values = true
        )]
        notation: Notation,
        /// Count the last ply without playing its moves (faster; same numbers).
        #[arg(long)]
        bulk: bool,
        /// Count on N threads: the tree is cut into parts a ply or two below the root and the
        /// threads share them out. The counts are the same whatever N.
        #[arg(long, default_value_t = 1, value_parser = numbers::positive_u32())]
        threads: u32,
        /// In a game of chance, the probability-weighted count: each sequence counts as the
        /// product of the probabilities of the chance moves along it (the plain count counts
        /// every outcome once)
        #[arg(long, conflicts_with_all = ["divide", "bulk", "threads"])]
        expected: bool,
    },
    /// Measure perft speed (leaves per second), with every leaf played and with bulk counting.
    Bench {
        #[command(flatten)]
        position: PositionArgs,
        /// Plies to search.
        #[arg(long, short, default_value_t = 6)]
        depth: u32,
        /// Runs of each mode (at least 1); the best is reported.
        #[arg(long, default_value_t = 3, value_parser = numbers::positive_u32())]
        repeat: u32,
        /// Count on N threads, as `perft --threads N` does.
        #[arg(long, default_value_t = 1, value_parser = numbers::positive_u32())]
        threads: u32,
    },
    /// Print the position as FEN (for games that declare one: chess, the draughts games).
    Fen(PositionArgs),
    /// Report every problem in a game file: syntax and compile errors (all of them, not only the
    /// first; a name that is read and never declared nor set, a misspelling, is one), move
    /// clauses that can never complete, piece types never placed, a game that can go round
    /// forever. Exit code 0 when clean, 2 otherwise.
    Check {
        /// The game: a shipped game's name (`chess`; `dagaz games` lists them), a .game file or a Zillions .zrf file.
        game: PathBuf,
        /// `human`: each problem with its source line and a caret; `json`: an array of
        /// {file, line, column, end_line, end_column, severity, code, message, help}.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
    },
    /// Print each piece's compiled command chain.
    Disasm {
        /// The game: a shipped game's name (`chess`; `dagaz games` lists them), a .game file or a Zillions .zrf file.
        game: PathBuf,
    },
    /// Search the position and print on standard output an `info` line per finished iteration
    /// (depth, score, nodes, principal variation), then the move the engine would play as the
    /// last line. On a finished game: nothing, how it ended on standard error, exit code 1.
    Bestmove {
        #[command(flatten)]
        position: PositionArgs,
        #[command(flatten)]
        search: SearchArgs,
    },
    /// Play a game in the terminal: the board is drawn, a person types moves in the game's
    /// notation (`help`, `moves`, `undo`, `quit` also work), the engine answers. Reads
    /// standard input, so a game can be piped in.
    Play {
        #[command(flatten)]
        position: PositionArgs,
        /// Who types the moves: a player of the game by name (`White`, `Black` in English
        /// draughts, where Black moves first), `first` or `second` in the order of play (`white`
        /// and `black` where the game has no such player), `both` (two people, the engine only
        /// referees) or `none` (the engine plays itself).
        #[arg(long, default_value = "first")]
        human: String,
        #[command(flatten)]
        search: SearchArgs,
        /// End the game after this many moves (plies) of the game, drawn or not.
        #[arg(long, value_name = "N")]
        max_plies: Option<u32>,
        /// In a game of chance, the seed of the rolls: the same seed (and the same moves) plays
        /// the same game. Without it the rolls differ from game to game
        #[arg(long, value_name = "N")]
        seed: Option<u64>,
    },
    /// Fit the game's evaluation (piece values, formation weights, the mobility weight, with
    /// `--tables` the piece-square tables) to games the engine plays against itself, by Texel's method:
    /// the quiet positions of the games, each labelled with its game's result, and the weights
    /// whose scores best predict those results. Prints the new `(evaluation ...)` clause, or
    /// writes it into the game file with `--write`. See docs/search.md.
    Tune(TuneArgs),
    /// Play two versions of a game file against each other (the same rules, two evaluations:
    /// the shipped one and a tuned one, say): each opening, a few random moves, played twice
    /// with the sides swapped, every move searched to the same node count. Prints the first
    /// file's wins, draws, losses and the Elo difference they stand for. With `--random`
    /// instead of the other file, the game's engine plays a player that picks uniformly
    /// among the legal moves (seeded), taking each side in turn.
    Match(MatchArgs),
    /// Speak the UCI protocol on standard input and output (for chess GUIs and python-chess):
    /// moves in the game's notation, `go perft N` too. See docs/protocols.md.
    Uci(ProtocolArgs),
    /// Speak the Hub protocol of draughts engines (version 2, as Scan and pydraughts do) on
    /// standard input and output; for games with numbered squares. See docs/protocols.md.
    Hub(ProtocolArgs),
    /// List the shipped games by family: the name that any command takes in place of a file
    /// (`dagaz play chess`), and a line on each.
    Games,
    /// Describe a game: its name, players, board and pieces; for a Zillions file (.zrf), its
    /// variants too, with the number or title `--variant` takes, the one Zillions opens first
    /// marked, and why one does not load.
    Info {
        /// The game: a shipped game's name, a .game file or a Zillions .zrf file
        game: PathBuf,
    },
    /// Serve the browser page (every shipped game on a board, a rules editor, the engine
    /// compiled to WebAssembly) on http://127.0.0.1:PORT/ until interrupted with Ctrl-C. The
    /// page is built first with `cargo xtask web`, into target/web; the first line printed is
    /// `serving http://127.0.0.1:PORT/`.
    Serve(ServeArgs),
}

/// What `tune` plays and fits.
#[derive(Debug, Args)]
struct TuneArgs {
    /// The game: a shipped game's name (`chess`; `dagaz games` lists them), a .game file or a Zillions .zrf file.
    game: PathBuf,
    /// Games of self-play.
    #[arg(long, default_value_t = 200, value_parser = numbers::positive_usize())]
    games: usize,
    /// Nodes searched for each move of the games.
    #[arg(long, value_name = "N", default_value_t = 2000, value_parser = numbers::positive_u64())]
    nodes: u64,
    #[command(flatten)]
    play: PlayArgs,
    /// Fit the piece-square tables too (one per piece type, the other players' turned half a
    /// turn); needs many more games than the values.
    #[arg(long)]
    tables: bool,
    /// Keep the game's mobility weight as it is: fit the values (and tables) only.
    #[arg(long)]
    fixed_mobility: bool,
    /// Steps of gradient descent.
    #[arg(long, default_value_t = 1500, value_parser = numbers::positive_usize())]
    steps: usize,
    /// Write the clause into the game file in place of its evaluation (the file is replaced
    /// whole, and only when the new text loads).
    #[arg(long)]
    write: bool,
    #[command(flatten)]
    limits: LimitArgs,
}

/// What `match` plays.
#[derive(Debug, Args)]
struct MatchArgs {
    /// The game whose result is reported: a shipped game's name or a .game file.
    game: PathBuf,
    /// The game it plays against (the same rules): a name or a .game file.
    #[arg(required_unless_present = "random", conflicts_with = "random")]
    other: Option<PathBuf>,
    /// Play against uniformly random legal moves (from the seed) instead of another file.
    #[arg(long)]
    random: bool,
    /// With `--random`: the engine's algorithm (by default the game's `(search ...)` clause,
    /// else `alphabeta`); with `mcts` and `mcts-rave`, `--nodes` counts playouts.
    #[arg(long, value_enum, requires = "random")]
    search: Option<SearchKind>,
    /// Games (each opening is played twice, the sides swapped).
    #[arg(long, default_value_t = 20, value_parser = numbers::positive_usize())]
    games: usize,
    /// Nodes searched for each move.
    #[arg(long, value_name = "N", default_value_t = 5000, value_parser = numbers::positive_u64())]
    nodes: u64,
    #[command(flatten)]
    play: PlayArgs,
    #[command(flatten)]
    limits: LimitArgs,
}

/// How `tune` and `match` play their games, besides how many and how deep.
#[derive(Debug, Args)]
struct PlayArgs {
    /// Random legal moves that open each game (in a match, each pair of games), so that no
    /// two are alike.
    #[arg(long, value_name = "N", default_value_t = 8)]
    random_plies: usize,
    /// A game still going after this many plies ends there: where the game keeps a score (Go's
    /// area count) the higher score wins, as if both players had passed; in any other it is a
    /// draw.
    #[arg(long, value_name = "N", default_value_t = 300, value_parser = numbers::positive_usize())]
    max_plies: usize,
    /// Games played at once, one a thread.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = numbers::threads_option())]
    threads: usize,
    /// Seed of the random openings: the same seed plays the same games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

impl PlayArgs {
    /// The schedule of `games` games searched to `nodes` nodes a move.
    fn schedule(&self, games: usize, nodes: u64) -> dagaz_tune::Schedule {
        dagaz_tune::Schedule {
            games,
            random_plies: self.random_plies,
            nodes,
            max_plies: self.max_plies,
            threads: self.threads,
            seed: self.seed,
        }
    }
}

/// Where and what `serve` serves.
#[derive(Debug, Args)]
struct ServeArgs {
    /// The port on 127.0.0.1 (only this machine can connect); 0 picks a free one.
    #[arg(long, default_value_t = 8000)]
    port: u16,
    /// Open the page in the default browser (the BROWSER variable, else the system's).
    #[arg(long)]
    open: bool,
    /// The directory to serve (it must hold index.html). By default target/web under the
    /// current directory, else under the workspace this dagaz was built in.
    #[arg(long, value_name = "DIR")]
    root: Option<PathBuf>,
    /// Print a line per request (method, path, status) on standard error.
    #[arg(long, short)]
    verbose: bool,
}

/// The game a protocol plays and its engine's settings.
#[derive(Debug, Args)]
struct ProtocolArgs {
    /// The game: a shipped game's name (`chess`; `dagaz games` lists them), a .game file or a Zillions .zrf file.
    game: PathBuf,
    /// Transposition table size in MiB, 1 to 4096 (the protocol can change it).
    #[arg(long, value_name = "MB", default_value_t = 64, value_parser = numbers::hash_option())]
    hash: usize,
    /// Search threads, 1 to 256 (the protocol can change it): more than one search the same
    /// position together, sharing the table (Lazy SMP).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = numbers::threads_option())]
    threads: usize,
    #[command(flatten)]
    limits: LimitArgs,
}

/// A protocol's session (see [`uci_session`]): why not, for a game the protocol cannot speak
/// of.
type Session = fn(
    &dagaz_engine::Game,
    dagaz_engine::StepLimits,
    Settings,
    Caps,
    &mut dyn BufRead,
    &mut (dyn Write + Send),
) -> Result<(), String>;

impl ProtocolArgs {
    fn settings(&self) -> Settings {
        Settings {
            hash_mb: self.hash,
            threads: self.threads,
        }
    }

    /// `dagaz uci` or `dagaz hub`: `session` for the game, within the default caps.
    fn speak(
        &self,
        session: Session,
        input: &mut dyn BufRead,
        out: &mut (dyn Write + Send),
    ) -> Result<(), String> {
        let (game, _) = loaded::load_game(&self.game)?;
        let (limits, settings) = (loaded::limits(&self.limits), self.settings());
        session(&game, limits, settings, Caps::default(), input, out)
            .map_err(|why| format!("error: {}: {why}\n", self.game.display()))
    }
}

/// How long the engine thinks: `play` by default a second a move, `bestmove` to depth 4 (the
/// same answer every time).
#[derive(Clone, Debug, Args)]
struct SearchArgs {
    /// Search this many plies deep, 1 to 64 (iterative deepening, with quiescence beyond).
    #[arg(long, conflicts_with = "movetime", value_parser = numbers::depth_option())]
    depth: Option<u32>,
    /// Think for this many milliseconds (at most 366 days). With none of `--depth`,
    /// `--movetime`, `--nodes`: `play` thinks 1000 ms a move, `bestmove` searches to depth 4
    /// (the same answer every time).
    #[arg(long, value_name = "MS", value_parser = numbers::millis_option())]
    movetime: Option<u64>,
    /// Stop after this many positions searched (at least 1).
    #[arg(long, value_name = "N", value_parser = numbers::positive_u64())]
    nodes: Option<u64>,
    /// Transposition table size in MiB, 1 to 4096.
    #[arg(long, value_name = "MB", default_value_t = 64, value_parser = numbers::hash_option())]
    hash: usize,
    /// Search threads, 1 to 256: more than one search the same position together, sharing
    /// the table (Lazy SMP; alpha-beta only, Monte Carlo tree search uses one).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = numbers::threads_option())]
    threads: usize,
    /// How to choose the move: `alphabeta` (iterative deepening with the game's evaluation),
    /// `mcts` (Monte Carlo tree search with random playouts, for games whose evaluation says
    /// little: `--nodes` counts playouts, and `--depth N` stands for N thousand) or
    /// `mcts-rave` (the same, each move also judged by the playouts in which its player made
    /// it later: for placement games such as Hex). By default, what the game's `(search ...)`
    /// clause says, else `alphabeta`.
    #[arg(long, value_enum)]
    search: Option<SearchKind>,
}

/// The values of `--search`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum SearchKind {
    Alphabeta,
    Mcts,
    MctsRave,
}

impl SearchKind {
    fn algorithm(self) -> dagaz_search::Algorithm {
        match self {
            SearchKind::Alphabeta => dagaz_search::Algorithm::AlphaBeta,
            SearchKind::Mcts => dagaz_search::Algorithm::Mcts,
            SearchKind::MctsRave => dagaz_search::Algorithm::MctsRave,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Human,
    Json,
}

/// How moves are written on output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Notation {
    /// The text the game's `log`s write, which protocols speak: `e2e4`, `e7e8q`, `32-28`.
    Game,
    /// Standard Algebraic Notation, for a game that declares `(notation san)`: `e4`, `Nf3`,
    /// `O-O`, `e8=Q+`.
    San,
}

#[derive(Debug, Args)]
struct PositionArgs {
    /// The game: a shipped game's name (`chess`; `dagaz games` lists them), a .game file or a Zillions .zrf file.
    game: PathBuf,
    /// Start from this position instead of the game's: the shape of the `players` clause plus
    /// the side to move, e.g. "(White (Man c3 i3)) (Black (Man d4 f6 h4)) (turn White)".
    #[arg(long, conflicts_with = "fen")]
    setup: Option<String>,
    /// Start from this FEN, in the style the game declares (chess: standard FEN, four or six
    /// fields; draughts: PDN FEN such as "W:W31-50:B1-20", "B:BK17,K24:W6,9").
    #[arg(long)]
    fen: Option<String>,
    /// Play these moves first, as the game writes them (chess: SAN "e4", "Nf3", "O-O", "e8=Q"
    /// or coordinates "e2e4", "e1g1", "e7e8q"; draughts: "32-28", "28x19x10" or the short
    /// "28x10"; shogi: "7g7f", "P*5e", and "8h2b+" or "8h2b=" where promoting is optional;
    /// Go: "e5" or "E5", the columns skipping i); an illegal or ambiguous one is an error that
    /// says why where it can and lists the legal moves.
    #[arg(long, value_name = "MOVE", num_args = 1..)]
    moves: Vec<String>,
    #[command(flatten)]
    limits: LimitArgs,
}

/// The heading of the limit options in `--help`.
const LIMITS: &str = "Limits of one move generation";

/// The limits of one move generation, which turn a runaway rule into an error. Each names its
/// heading: a struct-wide `next_help_heading` would carry it on to the options a subcommand
/// declares after these (perft's `--depth`).
#[derive(Debug, Args)]
struct LimitArgs {
    /// Most commands one move generation may run before it stops with an error.
    #[arg(long, value_name = "N", help_heading = LIMITS, default_value_t = dagaz_engine::StepLimits::default().steps)]
    step_limit: u64,
    /// Most moves one position may have.
    #[arg(long, value_name = "N", help_heading = LIMITS, default_value_t = dagaz_engine::StepLimits::default().moves)]
    move_limit: usize,
    /// Most choice points (`any`, `end-move`) open at once in one move.
    #[arg(long, value_name = "N", help_heading = LIMITS, default_value_t = dagaz_engine::StepLimits::default().choices)]
    choice_limit: usize,
    /// Most changes (takes, drops, captures) one move may make: the longest capture chain.
    #[arg(long, value_name = "N", help_heading = LIMITS, default_value_t = dagaz_engine::StepLimits::default().actions)]
    action_limit: usize,
    /// Most values one move's notation may hold (what its `log`s write).
    #[arg(long, value_name = "N", help_heading = LIMITS, default_value_t = dagaz_engine::StepLimits::default().notation)]
    notation_limit: usize,
    /// Most changes and notation values all the moves of one position may hold together.
    #[arg(long, value_name = "N", help_heading = LIMITS, default_value_t = dagaz_engine::StepLimits::default().volume)]
    volume_limit: usize,
}

/// Runs the command line `args` (the first item is the program name), with no input for the
/// commands that read one (`play`, `uci`, `hub` see an empty standard input).
pub fn run<I, T>(args: I, out: &mut (dyn Write + Send), err: &mut dyn Write, progress: bool) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    run_with_input(args, &mut std::io::empty(), out, err, progress)
}

/// Runs the command line `args`; `play`, `uci` and `hub` read their lines from `input` and
/// write their answers to `out` as they go (the others print their whole answer at the end).
pub fn run_with_input<I, T>(
    args: I,
    input: &mut dyn BufRead,
    out: &mut (dyn Write + Send),
    err: &mut dyn Write,
    progress: bool,
) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let text = e.render().to_string();
            let code = e.exit_code();
            let sink: &mut dyn Write = if code == 0 { out } else { err };
            let _ = sink.write_all(text.as_bytes());
            return if code == 0 { 0 } else { EXIT_BAD_INPUT };
        }
    };
    loaded::use_native(!cli.interpreter);
    games::choose_variant(cli.variant.clone());
    if let Some(code) = interactive(&cli.command, input, out, err) {
        return code;
    }
    match commands::execute(cli.command, progress, err) {
        // A closed pipe (`dagaz moves ... | head`) is not the user's error to hear about.
        Ok((text, code)) => {
            let _ = out.write_all(text.as_bytes());
            code
        }
        Err(failure) => {
            let _ = err.write_all(failure.message().as_bytes());
            failure.code()
        }
    }
}

/// Runs `command` when it is one of the commands that read input or write as they go, and
/// answers its exit code; `None` for the other commands.
fn interactive(
    command: &Command,
    input: &mut dyn BufRead,
    out: &mut (dyn Write + Send),
    err: &mut dyn Write,
) -> Option<i32> {
    let result = match command {
        Command::Bestmove { position, search } => loaded::Loaded::new(position)
            .map_err(Failure::from)
            .and_then(|loaded| play::bestmove(&loaded, search, out)),
        Command::Play {
            position,
            human,
            search,
            max_plies,
            seed,
        } => loaded::Loaded::new(position)
            .and_then(|mut loaded| {
                let humans = play::humans(&loaded.game, human)?;
                let seed = seed.unwrap_or_else(play::seed_from_clock);
                let options = (*max_plies, seed);
                play::play(&mut loaded, &humans, search, options, input, out)
            })
            .map_err(Failure::from),
        // UCI speaks of any game.
        Command::Uci(args) => args
            .speak(
                |game, gen_limits, settings, caps, input, out| {
                    uci::session(game, gen_limits, settings, caps, input, out);
                    Ok(())
                },
                input,
                out,
            )
            .map_err(Failure::from),
        Command::Hub(args) => args.speak(hub::session, input, out).map_err(Failure::from),
        Command::Serve(args) => serve::run(
            &serve::Options {
                port: args.port,
                open: args.open,
                root: args.root.clone(),
                verbose: args.verbose,
            },
            out,
            err,
        )
        .map_err(Failure::from),
        _ => return None,
    };
    Some(match result {
        Ok(()) => 0,
        Err(failure) => {
            let _ = err.write_all(failure.message().as_bytes());
            failure.code()
        }
    })
}
