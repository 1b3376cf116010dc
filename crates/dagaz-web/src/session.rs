//! A session of the page: the files registered for `include`, the game loaded, its record,
//! the moves taken back that `redo` can replay, and the current position's legal moves (in the
//! order the last view listed them, which `play(i)` refers to). Every answer is JSON, so this
//! is plain Rust, tested natively; lib.rs only exports it to JavaScript.

use crate::diagnostics::diags;
use crate::geometry::{layout, Layout};
use crate::view::{view, Parts};
use dagaz_engine::{Counting, Game, Move, MoveGen, Perft, Position, StepLimits};
use dagaz_search::{GameOver, GameRecord, Searcher};
use serde_json::{json, Value as Json};
use std::collections::BTreeMap;
use std::time::Duration;

/// The transposition table of a search, in MiB: enough for the few seconds a page thinks,
/// small enough for a phone.
const HASH_MB: usize = 16;

/// The time a search takes when it is given neither a time nor a node limit (it would
/// otherwise run on to depth 64).
const DEFAULT_MOVETIME: Duration = Duration::from_secs(1);

/// A game being played.
struct Play {
    game: Game,
    layout: Layout,
    record: GameRecord,
    /// The moves `undo` took back, the next one to replay last.
    redo: Vec<Move>,
    /// The current position's legal moves, sorted by notation; none when the game is over.
    moves: Vec<Move>,
    /// `moves` as a person reads them: SAN where the game declares it, else empty.
    moves_written: Vec<String>,
    /// The record's moves as a person reads them: SAN where the game declares it, else empty.
    history_written: Vec<String>,
    over: Option<GameOver>,
}

/// What the page holds: the files `include` may read, and the game, once one is loaded.
#[derive(Default)]
pub struct Session {
    files: BTreeMap<String, String>,
    play: Option<Play>,
}

fn error(message: impl std::fmt::Display) -> Json {
    json!({ "error": message.to_string() })
}

const NO_GAME: &str = "no game loaded";

impl Session {
    /// Registers a file that `(include "name")` reads.
    pub fn add_file(&mut self, name: &str, text: &str) {
        self.files.insert(name.to_string(), text.to_string());
    }

    /// Loads a game text: every problem `dagaz check` finds, and, when it has no error, the
    /// game at its start. A game that does not load leaves the one before in place.
    pub fn load(&mut self, text: &str) -> Json {
        let mut missing: Vec<String> = Vec::new();
        // One compile gives both the problems and the game (the editor loads at every pause
        // in typing).
        let (problems, game) = dagaz_engine::check_and_load(text, &mut |name| {
            let found = self.read(name);
            if found.is_err() && !missing.iter().any(|m| m == name) {
                missing.push(name.to_string());
            }
            found
        });
        let found = diags(text, &problems);
        let ok = game.is_some() && missing.is_empty();
        if let (Some(game), true) = (game, ok) {
            self.play = Some(Play::new(game));
        }
        if missing.is_empty() {
            json!({ "ok": ok, "diagnostics": found })
        } else {
            json!({ "ok": ok, "diagnostics": found, "missing": missing })
        }
    }

    /// The start of a game text as the gallery draws it: its view with no legal moves, or
    /// `{"missing"}` (the files it includes that are not registered) or `{"error"}`. Only
    /// compiled: no `check` lints, no move generation, and the game loaded stays as it was.
    pub fn preview(&self, text: &str) -> Json {
        let mut missing: Vec<String> = Vec::new();
        let loaded = Game::load_with(text, &mut |name| {
            let found = self.read(name);
            if found.is_err() && !missing.iter().any(|m| m == name) {
                missing.push(name.to_string());
            }
            found
        });
        if !missing.is_empty() {
            return json!({ "missing": missing });
        }
        match loaded {
            Ok(game) => view(&Parts {
                layout: &layout(game.board(), &game.view().rows),
                record: &GameRecord::new(game.initial_position()),
                game: &game,
                moves: &[],
                moves_written: &[],
                history_written: &[],
                redo: 0,
                over: None,
            }),
            Err(e) => error(e),
        }
    }

    /// The current position, or an error when no game is loaded.
    pub fn view(&self) -> Json {
        match &self.play {
            Some(play) => play.view(),
            None => error(NO_GAME),
        }
    }

    /// Plays legal move number `i` of the last view.
    pub fn play(&mut self, i: usize) -> Json {
        self.with_game(|play| {
            if let Some(over) = &play.over {
                return error(over.line());
            }
            let Some(mv) = play.moves.get(i).cloned() else {
                return error(format!(
                    "there is no move {i}: the position has {} legal moves",
                    play.moves.len()
                ));
            };
            play.play(mv)
        })
    }

    /// Plays the move written `notation`, as `dagaz play` reads it.
    pub fn play_text(&mut self, notation: &str) -> Json {
        self.with_game(|play| {
            if let Some(over) = &play.over {
                return error(over.line());
            }
            match dagaz_engine::match_move(&play.game, &play.moves, notation) {
                Ok(mv) => {
                    let mv = mv.clone();
                    play.play(mv)
                }
                Err(e) => error(e),
            }
        })
    }

    /// One ply back (the view unchanged at the start).
    pub fn undo(&mut self) -> Json {
        self.with_game(|play| {
            if let Some(mv) = play.retreat() {
                play.redo.push(mv);
                play.refresh();
            }
            play.view()
        })
    }

    /// One ply forward again (the view unchanged when nothing was taken back).
    pub fn redo(&mut self) -> Json {
        self.with_game(|play| {
            if let Some(mv) = play.redo.pop() {
                play.advance(&mv);
                play.refresh();
            }
            play.view()
        })
    }

    /// Back to the game's start.
    pub fn restart(&mut self) -> Json {
        self.with_game(|play| {
            play.start(GameRecord::new(play.game.initial_position()));
            play.view()
        })
    }

    /// The position a FEN (or PDN) in the game's style gives, with no history.
    pub fn set_fen(&mut self, fen: &str) -> Json {
        self.with_game(|play| match play.game.from_fen(fen) {
            Ok(position) => {
                play.start(GameRecord::with_quiet(position, half_moves(fen)));
                play.view()
            }
            Err(e) => error(e),
        })
    }

    /// The best move by the search, within `movetime_ms` and `max_nodes` (0: no limit; with
    /// neither, one second); the move is not played.
    pub fn search(&mut self, movetime_ms: u64, max_nodes: u64) -> Json {
        self.with_game(|play| play.search(movetime_ms, max_nodes))
    }

    /// Perft of the current position at `depth`, every leaf played.
    pub fn perft(&self, depth: u32) -> Result<u64, String> {
        let play = self.play.as_ref().ok_or(NO_GAME)?;
        let mut perft = Perft::new(
            &play.game,
            MoveGen::new(StepLimits::default()),
            Counting::Full,
        );
        let mut position = play.record.position().clone();
        perft.count(&mut position, depth).map_err(|e| e.to_string())
    }

    /// The text of a registered file, for `include`.
    fn read(&self, name: &str) -> Result<String, String> {
        self.files
            .get(name)
            .cloned()
            .ok_or_else(|| format!("{name} is not loaded in this page"))
    }

    /// `f` on the game, or an error when no game is loaded.
    fn with_game(&mut self, f: impl FnOnce(&mut Play) -> Json) -> Json {
        match &mut self.play {
            Some(play) => f(play),
            None => error(NO_GAME),
        }
    }
}

impl Play {
    fn new(game: Game) -> Play {
        let record = GameRecord::new(game.initial_position());
        let mut play = Play {
            layout: layout(game.board(), &game.view().rows),
            game,
            record,
            redo: Vec::new(),
            moves: Vec::new(),
            moves_written: Vec::new(),
            history_written: Vec::new(),
            over: None,
        };
        play.refresh();
        play
    }

    /// Starts again from `record`'s start: the callers give a record with no moves yet.
    fn start(&mut self, record: GameRecord) {
        self.record = record;
        self.history_written.clear();
        self.redo.clear();
        self.refresh();
    }

    /// Plays `mv`, a legal move of the current position, writing it into the history as a
    /// person reads it: the SAN `refresh` made for the legal moves, so a ply costs no
    /// replay of the game.
    fn advance(&mut self, mv: &Move) {
        if self.game.writes_san() {
            let listed = self.moves.iter().position(|m| m == mv);
            let written = match listed.and_then(|i| self.moves_written.get(i)) {
                Some(text) => text.clone(),
                // A position the history ended lists no moves; its SAN is made here.
                None => {
                    let mut gen = MoveGen::new(StepLimits::default());
                    san_in(&self.game, &mut gen, self.record.position(), mv)
                }
            };
            self.history_written.push(written);
        }
        self.record.play(&self.game, mv);
    }

    /// Takes the last ply back, from the record and the written history.
    fn retreat(&mut self) -> Option<Move> {
        let mv = self.record.undo()?;
        self.history_written.pop();
        Some(mv)
    }

    fn play(&mut self, mv: Move) -> Json {
        // Playing the move `redo` would replay keeps the rest of what was taken back.
        if self.redo.last() == Some(&mv) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        self.advance(&mv);
        self.refresh();
        self.view()
    }

    /// Lists the legal moves of the current position and says whether the game is over: by
    /// its history first (as `dagaz play`), then for want of a move.
    fn refresh(&mut self) {
        self.moves.clear();
        self.moves_written.clear();
        self.over = self.record.history_end(&self.game);
        if self.over.is_some() {
            return;
        }
        let mut gen = MoveGen::new(StepLimits::default());
        let position = self.record.position();
        match gen.moves(&self.game, position) {
            Ok(mut moves) => {
                // Sorting by the notation once, not at each comparison.
                let mut keyed: Vec<(String, Move)> = moves
                    .drain(..)
                    .map(|m| (m.notation(&self.game), m))
                    .collect();
                keyed.sort_by(|a, b| a.0.cmp(&b.0));
                self.moves = keyed.into_iter().map(|(_, m)| m).collect();
            }
            Err(e) => {
                self.over = Some(GameOver {
                    text: format!("the rules failed: {e}"),
                    winner: None,
                    draw: false,
                });
                return;
            }
        }
        if self.game.writes_san() {
            self.moves_written = dagaz_engine::san_all(&self.game, &mut gen, position, &self.moves)
                .unwrap_or_default();
        }
        if self.moves.is_empty() {
            self.over = Some(match gen.ending_without_moves(&self.game, position) {
                Ok(ended) => GameOver::from_ending(&self.game, &ended),
                Err(e) => GameOver {
                    text: format!("the rules failed: {e}"),
                    winner: None,
                    draw: false,
                },
            });
        }
    }

    fn view(&self) -> Json {
        view(&Parts {
            game: &self.game,
            layout: &self.layout,
            record: &self.record,
            moves: &self.moves,
            moves_written: &self.moves_written,
            history_written: &self.history_written,
            redo: self.redo.len(),
            over: self.over.as_ref(),
        })
    }

    fn search(&self, movetime_ms: u64, max_nodes: u64) -> Json {
        let none = json!({
            "best": null, "text": null, "depth": 0, "score": "cp 0", "nodes": 0, "ms": 0,
        });
        if self.moves.is_empty() {
            return none;
        }
        let mut limits = dagaz_search::SearchLimits {
            depth: None,
            nodes: (max_nodes > 0).then_some(max_nodes),
            movetime: (movetime_ms > 0).then(|| Duration::from_millis(movetime_ms)),
        };
        if limits.nodes.is_none() && limits.movetime.is_none() {
            limits.movetime = Some(DEFAULT_MOVETIME);
        }
        let mut searcher = Searcher::new(&self.game, StepLimits::default(), HASH_MB);
        let found = match searcher.search(&self.record, &limits, &mut |_| {}) {
            Ok(found) => found,
            Err(e) => return error(e),
        };
        let Some(best) = found.best else {
            return none;
        };
        let text = best.notation(&self.game);
        let index = self.moves.iter().position(|m| *m == best).or_else(|| {
            self.moves
                .iter()
                .position(|m| m.notation(&self.game) == text)
        });
        let written = index
            .and_then(|i| self.moves_written.get(i).cloned())
            .unwrap_or_else(|| text.clone());
        json!({
            "best": index,
            "text": text,
            "written": written,
            "depth": found.info.depth,
            "score": found.info.score.to_string(),
            "nodes": found.info.nodes,
            "ms": found.info.elapsed.as_millis() as u64,
        })
    }
}

/// The half-move clock of a standard FEN (its fifth field), 0 when absent or not a number.
fn half_moves(fen: &str) -> u32 {
    fen.split_whitespace()
        .nth(4)
        .and_then(|f| f.parse().ok())
        .unwrap_or(0)
}

/// `mv`'s SAN in `position`, its legal moves generated for it (its notation should
/// generation fail).
fn san_in(game: &Game, gen: &mut MoveGen, position: &Position, mv: &Move) -> String {
    gen.moves(game, position)
        .and_then(|legal| dagaz_engine::san(game, gen, position, &legal, mv))
        .unwrap_or_else(|_| mv.notation(game))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game_text(file: &str) -> String {
        let path = format!("{}/../../games/{file}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(path).unwrap()
    }

    /// A session with the library the games include (games/lib/) registered, as the page's
    /// worker registers what a load asks for.
    fn with_library() -> Session {
        let mut session = Session::default();
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../games/lib");
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = format!("lib/{}", path.file_name().unwrap().to_string_lossy());
            session.add_file(&name, &std::fs::read_to_string(&path).unwrap());
        }
        session
    }

    fn loaded(file: &str) -> Session {
        let mut session = with_library();
        let answer = session.load(&game_text(file));
        assert_eq!(answer["ok"], true, "{answer}");
        session
    }

    /// The look comes from the game's `(view ...)`, its own and its library's.
    #[test]
    fn the_look_is_the_games_view() {
        let view = loaded("xiangqi.game").view();
        let look = &view["look"];
        assert_eq!(look["board"], "lines");
        assert_eq!(look["river"], json!(["e5", "e6"]));
        assert_eq!(
            look["lines"],
            json!([["d1", "f3"], ["f1", "d3"], ["d8", "f10"], ["f8", "d10"]])
        );
        assert_eq!(look["colours"]["board"], "#e9c987");
        assert_eq!(
            look["players"][0],
            json!({"fill": "#f7e7c6", "ink": "#c0392b"})
        );
        let general = view["pieces"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["at"] == "e10")
            .unwrap();
        assert_eq!(
            general,
            &json!({"at": "e10", "owner": 1, "kind": "General", "glyph": "將", "shape": "disc",
                    "promoted": false, "image": null})
        );
        let mancala = loaded("mancala.game").view();
        assert_eq!(mancala["look"]["board"], "pits");
        assert_eq!(mancala["look"]["stores"], json!(["h1", "a2"]));
        // A game without a view: its board by its shape, its pieces by the page.
        let mut session = Session::default();
        let answer = session.load(
            r#"(board (name b) (dim "a-c") (dim "3-1")) (piece (name P))
               (game (name t) (board b) (players (White (P a1)) (Black)))"#,
        );
        assert_eq!(answer["ok"], true, "{answer}");
        let plain = session.view();
        assert_eq!(plain["look"]["board"], "chequered");
        assert_eq!(plain["pieces"][0]["shape"], Json::Null);
    }

    fn texts(view: &Json) -> Vec<String> {
        view["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["text"].as_str().unwrap().to_string())
            .collect()
    }

    fn find<'v>(view: &'v Json, text: &str) -> &'v Json {
        view["moves"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["text"] == text)
            .unwrap_or_else(|| panic!("no move {text} in {:?}", texts(view)))
    }

    #[test]
    fn no_game_is_an_error() {
        let mut session = Session::default();
        assert_eq!(session.view(), json!({"error": "no game loaded"}));
        assert_eq!(session.play(0), json!({"error": "no game loaded"}));
        assert!(session.perft(1).is_err());
    }

    #[test]
    fn a_chance_node_says_so_and_gives_each_outcome_s_probability() {
        let mut session = loaded("ur.game");
        let view = session.view();
        assert_eq!(view["look"]["dice"], json!([]), "no throw yet");
        assert_eq!(view["chance"], true);
        assert_eq!(view["chancePlayers"], json!([1]));
        let throw = find(&view, "roll 2");
        assert_eq!(
            (&throw["weight"], &throw["probability"]),
            (&json!(6), &json!("3/8"))
        );
        let i = throw["i"].as_u64().unwrap() as usize;
        let after = session.play(i);
        assert_eq!(after["look"]["dice"], json!([2]), "the throw, shown");
        assert_eq!(after["chance"], false);
        assert_eq!(texts(&after), ["a0-c1"]);
        assert!(find(&after, "a0-c1").get("probability").is_none());
    }

    /// Backgammon's view lays its board out in rows (the dice's position left out) and shows
    /// the opening roll as the two dice the mover plays.
    #[test]
    fn backgammon_is_laid_out_in_rows_with_its_dice() {
        let mut session = loaded("backgammon.game");
        let view = session.view();
        assert_eq!(view["look"]["board"], "triangles");
        let cells = view["board"]["cells"].as_array().unwrap();
        assert_eq!(cells.len(), 28);
        assert_eq!(
            (&cells[0]["name"], &cells[0]["x"], &cells[0]["y"]),
            (&json!("p12"), &json!(0.5), &json!(0.5))
        );
        assert!(cells.iter().all(|c| c["name"] != "dice"));
        let roll = find(&view, "White 3, Black 1")["i"].as_u64().unwrap() as usize;
        assert_eq!(session.play(roll)["look"]["dice"], json!([3, 1]));
    }

    #[test]
    fn chess_starts_with_twenty_moves_sorted() {
        let session = loaded("chess.game");
        let view = session.view();
        assert_eq!(view["title"], "Chess");
        assert_eq!(view["players"], json!(["White", "Black"]));
        assert_eq!(view["toMove"], 0);
        let moves = texts(&view);
        assert_eq!(moves.len(), 20);
        assert!(moves.windows(2).all(|w| w[0] <= w[1]), "{moves:?}");
        assert_eq!(find(&view, "e2e4")["path"], json!(["e2", "e4"]));
        assert_eq!(view["pieces"].as_array().unwrap().len(), 32);
        let king = view["pieces"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["at"] == "e1")
            .unwrap();
        assert_eq!(
            king,
            &json!({"at": "e1", "owner": 0, "kind": "King", "glyph": "♔", "shape": "figure",
                    "promoted": false, "image": null})
        );
        assert_eq!(view["board"]["shape"], "square");
        assert_eq!(view["hands"], json!([]));
        assert_eq!(view["seeds"], json!([]));
        assert_eq!(view["over"], Json::Null);
        assert_eq!(
            view["fen"],
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
    }

    #[test]
    fn scholars_mate_is_announced_as_checkmate() {
        let mut session = loaded("chess.game");
        let mut view = Json::Null;
        for mv in ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"] {
            view = session.play_text(mv);
            assert!(view.get("error").is_none(), "{mv}: {view}");
        }
        let over = &view["over"];
        assert_eq!(over["text"], "Checkmate: White wins");
        assert_eq!(
            (over["winner"].clone(), over["draw"].clone()),
            (json!(0), json!(false))
        );
        assert_eq!(view["moves"], json!([]));
        assert_eq!(view["history"].as_array().unwrap().len(), 7);
        assert_eq!(
            session.play_text("e8e7"),
            json!({"error": "game over — Checkmate: White wins"})
        );
        assert!(session.play(0)["error"].is_string());
        let captured = session.undo();
        assert_eq!(find(&captured, "h5f7")["captures"], json!(["f7"]));
    }

    #[test]
    fn undo_and_redo_walk_the_record() {
        let mut session = loaded("chess.game");
        session.play_text("e2e4");
        session.play_text("e7e5");
        let back = session.undo();
        assert_eq!(
            (back["history"].clone(), back["redo"].clone()),
            (json!(["e2e4"]), json!(1))
        );
        let back = session.undo();
        assert_eq!(
            (back["history"].clone(), back["redo"].clone()),
            (json!([]), json!(2))
        );
        let start = session.undo();
        assert_eq!(start["redo"], 2);
        let again = session.redo();
        assert_eq!(
            (again["history"].clone(), again["redo"].clone()),
            (json!(["e2e4"]), json!(1))
        );
        // The move redo would replay keeps the rest; another forgets it.
        let same = session.play_text("e7e5");
        assert_eq!(same["redo"], 0);
        session.undo();
        let other = session.play_text("d7d5");
        assert_eq!(
            (other["history"].clone(), other["redo"].clone()),
            (json!(["e2e4", "d7d5"]), json!(0))
        );
        assert_eq!(session.redo()["history"], json!(["e2e4", "d7d5"]));
        let i = texts(&session.view())
            .iter()
            .position(|t| t == "e4d5")
            .unwrap();
        let taken = session.play(i);
        assert_eq!(taken["history"][2], "e4d5");
        // The written history follows every step, and starts again with a FEN.
        assert_eq!(taken["written"], json!(["e4", "d5", "exd5"]));
        assert_eq!(session.undo()["written"], json!(["e4", "d5"]));
        assert_eq!(session.redo()["written"], json!(["e4", "d5", "exd5"]));
        session.set_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        assert_eq!(session.play_text("Nf3")["written"], json!(["Nf3"]));
        assert!(session.play(999)["error"]
            .as_str()
            .unwrap()
            .contains("no move 999"));
        assert!(session.play_text("e9e9")["error"]
            .as_str()
            .unwrap()
            .contains("not a legal move"));
        assert_eq!(session.restart()["history"], json!([]));
    }

    #[test]
    fn castling_passes_from_the_king_to_its_square() {
        let mut session = loaded("chess.game");
        let view = session.set_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert_eq!(find(&view, "e1g1")["path"], json!(["e1", "g1"]));
        assert_eq!(find(&view, "e1c1")["path"], json!(["e1", "c1"]));
        assert!(session.set_fen("not a fen")["error"].is_string());
        // A FEN that failed leaves the position as it was.
        assert_eq!(
            session.view()["fen"],
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
        );
    }

    #[test]
    fn a_promotion_says_what_it_becomes() {
        let mut session = loaded("chess.game");
        let view = session.set_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1");
        let queen = view["moves"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["promotes"] == "Queen")
            .unwrap();
        assert_eq!(queen["path"], json!(["a7", "a8"]));
        assert_eq!(find(&view, "a1b1")["promotes"], Json::Null);
    }

    #[test]
    fn an_included_game_is_asked_for_and_then_loads() {
        let mut session = with_library();
        let text = game_text("crazyhouse.game");
        let answer = session.load(&text);
        assert_eq!(answer["ok"], false);
        assert_eq!(answer["missing"], json!(["chess.game"]));
        assert_eq!(session.view(), json!({"error": "no game loaded"}));
        session.add_file("chess.game", &game_text("chess.game"));
        let answer = session.load(&text);
        assert_eq!(answer["ok"], true, "{answer}");
        assert!(answer.get("missing").is_none());
    }

    #[test]
    fn a_drop_comes_from_the_hand() {
        let mut session = with_library();
        session.add_file("chess.game", &game_text("chess.game"));
        assert_eq!(session.load(&game_text("crazyhouse.game"))["ok"], true);
        for mv in ["e2e4", "d7d5", "e4d5"] {
            assert!(session.play_text(mv).get("error").is_none(), "{mv}");
        }
        let view = session.play_text("d8d5");
        let hands = view["hands"].as_array().unwrap();
        assert_eq!(hands.len(), 2, "{view}");
        let white = hands.iter().find(|h| h["owner"] == 0).unwrap();
        assert_eq!(
            (white["kind"].clone(), white["count"].clone()),
            (json!("Pawn"), json!(1))
        );
        let drop = find(&view, "P@e6");
        assert_eq!(drop["path"], json!(["e6"]));
        assert_eq!(drop["hand"], "Pawn");
        assert_eq!(drop["promotes"], Json::Null);
        assert_eq!(drop["captures"], json!([]));
        let after = session.play_text("P@e6");
        assert_eq!(after["hands"].as_array().unwrap().len(), 1);
    }

    #[test]
    fn a_draughts_capture_passes_through_its_landings() {
        let mut session = with_library();
        session.add_file("chess.game", &game_text("chess.game"));
        assert_eq!(session.load(&game_text("international.game"))["ok"], true);
        let view = session.set_fen("W:W32:B27,17");
        assert_eq!(texts(&view), ["32x21x12"]);
        let mv = find(&view, "32x21x12");
        let name = |n: u64| {
            view["board"]["cells"]
                .as_array()
                .unwrap()
                .iter()
                .find(|c| c["number"] == n)
                .unwrap()["name"]
                .clone()
        };
        assert_eq!(mv["path"], json!([name(32), name(21), name(12)]));
        assert_eq!(mv["captures"], json!([name(27), name(17)]));
        let after = session.play(0);
        assert_eq!(after["over"]["text"], "Black has no moves and loses");
    }

    #[test]
    fn an_error_is_located_and_the_game_before_stays() {
        let mut session = loaded("chess.game");
        let text = game_text("chess.game").replacen("(capture)", "(capturre)", 1);
        let line = text.lines().position(|l| l.contains("(capturre)")).unwrap() + 1;
        let col = text
            .lines()
            .nth(line - 1)
            .unwrap()
            .find("capturre")
            .unwrap();
        let answer = session.load(&text);
        assert_eq!(answer["ok"], false);
        let first = &answer["diagnostics"][0];
        assert_eq!(first["severity"], "error");
        assert_eq!(first["line"], line, "{answer}");
        assert!(first["col"] == col || first["col"] == col + 1, "{answer}");
        assert_eq!(session.view()["title"], "Chess");
    }

    #[test]
    fn search_finds_the_mate_in_one_without_playing_it() {
        let mut session = loaded("chess.game");
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 0 1";
        let view = session.set_fen(fen);
        let found = session.search(0, 20_000);
        assert_eq!(found["text"], "h5f7", "{found}");
        assert_eq!(found["score"], "mate 1");
        let i = found["best"].as_u64().unwrap() as usize;
        assert_eq!(view["moves"][i]["text"], "h5f7");
        assert_eq!(session.view()["history"], json!([]));
        let timed = session.search(50, 0);
        assert!(timed["best"].is_u64(), "{timed}");
    }

    #[test]
    fn a_preview_is_the_start_without_moves_and_keeps_the_game() {
        let mut session = loaded("chess.game");
        session.play_text("e2e4");
        let crazyhouse = game_text("crazyhouse.game");
        assert_eq!(
            session.preview(&crazyhouse),
            json!({"missing": ["chess.game"]})
        );
        session.add_file("chess.game", &game_text("chess.game"));
        let preview = session.preview(&crazyhouse);
        assert_eq!(preview["moves"], json!([]));
        assert_eq!(preview["pieces"].as_array().map(Vec::len), Some(32));
        // What a load shows at the start, but for the moves.
        let mut other = with_library();
        other.add_file("chess.game", &game_text("chess.game"));
        assert_eq!(other.load(&crazyhouse)["ok"], true);
        let mut start = other.view();
        start["moves"] = json!([]);
        assert_eq!(preview, start);
        assert_eq!(session.view()["history"], json!(["e2e4"]));
        assert!(session.preview("(game")["error"].is_string());
    }

    #[test]
    fn perft_counts_every_leaf() {
        let session = loaded("chess.game");
        assert_eq!(session.perft(3), Ok(8_902));
    }

    #[test]
    fn a_hex_board_and_a_sowing_game_are_viewed() {
        let view = loaded("hex.game").view();
        assert_eq!(view["board"]["shape"], "hex");
        let cells = view["board"]["cells"].as_array().unwrap().len();
        assert_eq!(view["moves"].as_array().unwrap().len(), cells);
        let first = &view["moves"][0];
        assert_eq!(first["path"].as_array().unwrap().len(), 1, "{first}");
    }
}

#[cfg(test)]
mod library {
    use super::*;

    /// Every game of the library loads in a session that has the others registered (as the
    /// page does), and its view lists its board, its moves and its end.
    #[test]
    fn every_shipped_game_gives_a_view() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../games");
        let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "game"))
            .map(|p| {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                (name, std::fs::read_to_string(&p).unwrap())
            })
            .collect();
        files.sort();
        assert!(files.len() > 50);
        let mut session = Session::default();
        for (name, text) in &files {
            session.add_file(name, text);
        }
        // The library the games include, as the page registers it: by its path in games/.
        for entry in std::fs::read_dir(dir.join("lib")).unwrap() {
            let path = entry.unwrap().path();
            let name = format!("lib/{}", path.file_name().unwrap().to_string_lossy());
            session.add_file(&name, &std::fs::read_to_string(&path).unwrap());
        }
        let mut hex = Vec::new();
        for (name, text) in &files {
            let answer = session.load(text);
            assert_eq!(answer["ok"], true, "{name}: {answer}");
            let view = session.view();
            let cells = view["board"]["cells"].as_array().unwrap();
            assert!(!cells.is_empty(), "{name}");
            let names: Vec<&str> = cells.iter().map(|c| c["name"].as_str().unwrap()).collect();
            for piece in view["pieces"].as_array().unwrap() {
                let at = piece["at"].as_str().unwrap();
                assert!(names.contains(&at), "{name}: a piece on {at}, no cell");
            }
            for mv in view["moves"].as_array().unwrap() {
                for at in mv["path"].as_array().unwrap() {
                    assert!(names.contains(&at.as_str().unwrap()), "{name}: {mv}");
                }
            }
            assert!(
                view["over"].is_null() || view["moves"].as_array().unwrap().is_empty(),
                "{name}"
            );
            if view["board"]["shape"] == "hex" {
                hex.push(name.as_str());
            }
        }
        assert_eq!(
            hex,
            [
                "chinese-checkers.game",
                "havannah-4.game",
                "hex.game",
                "y-5.game"
            ]
        );
    }
}
