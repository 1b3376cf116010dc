//! Standard Algebraic Notation, for the games that declare `(notation san)`: `e4`, `Nf3`,
//! `exd5`, `Rad1`, `O-O`, `e8=Q`, `N@f3`, with `+` for check and `#` for mate.
//!
//! A move's SAN is read from its actions (the piece lifted first, where it lands, what it
//! takes), not from its `log` text, so a game keeps whatever text its protocols need and SAN
//! comes on top. The suffix needs the position after the move; everything else needs only the
//! other legal moves (to disambiguate), which is what reading SAN uses.

use crate::error::GenError;
use crate::model::Game;
use crate::movegen::MoveGen;
use crate::moves::Move;
use crate::position::Position;
use dagaz_ir::{Action, PieceKind, PlayerId, Pos};

/// What SAN says of a move: the parts its text is made from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// A piece moved from one square to another (with a capture, a promotion or neither).
    Step {
        kind: PieceKind,
        from: Pos,
        to: Pos,
        capture: bool,
        promoted: Option<PieceKind>,
    },
    /// A royal piece and another of its side moved together: castling, by the side the
    /// royal piece went.
    Castle { long: bool },
    /// A piece put down from the hand.
    Drop { kind: PieceKind, to: Pos },
}

/// The move's SAN with its `+` or `#`, among the `legal` moves of `position`.
pub fn san(
    game: &Game,
    gen: &mut MoveGen,
    position: &Position,
    legal: &[Move],
    mv: &Move,
) -> Result<String, GenError> {
    let mut text = san_without_suffix(game, legal, mv);
    if game.has_royal_pieces() {
        let mut after = position.clone();
        after.play(game, mv);
        if gen.in_check(game, &after)? {
            let mate = gen.moves(game, &after)?.is_empty();
            text.push(if mate { '#' } else { '+' });
        }
    }
    Ok(text)
}

/// The move as a person reads it: its SAN in a game that declares `(notation san)`, else its
/// notation (what its `log`s write), with `=` under `(notation shogi)` where the move could
/// have promoted and does not (`8h2b=` beside `8h2b+`), as a person has to type it.
pub fn written(
    game: &Game,
    gen: &mut MoveGen,
    position: &Position,
    legal: &[Move],
    mv: &Move,
) -> Result<String, GenError> {
    if game.writes_san() {
        return san(game, gen, position, legal, mv);
    }
    let text = mv.notation(game);
    if game.asks_promotion() {
        let promoting = format!("{text}+");
        if legal.iter().any(|m| m.notation(game) == promoting) {
            return Ok(format!("{text}="));
        }
    }
    Ok(text)
}

/// The SAN of every legal move of `position`, in their order.
pub fn san_all(
    game: &Game,
    gen: &mut MoveGen,
    position: &Position,
    legal: &[Move],
) -> Result<Vec<String>, GenError> {
    legal
        .iter()
        .map(|m| san(game, gen, position, legal, m))
        .collect()
}

/// The move's SAN without `+` or `#`: all that reading a move needs to compare. A move SAN
/// cannot describe (one that only captures, say) keeps its logged notation.
pub fn san_without_suffix(game: &Game, legal: &[Move], mv: &Move) -> String {
    let Some(shape) = shape(game, mv) else {
        return mv.notation(game);
    };
    let board = game.board();
    match shape {
        Shape::Castle { long: false } => "O-O".into(),
        Shape::Castle { long: true } => "O-O-O".into(),
        Shape::Drop { kind, to } => {
            format!("{}@{}", letter(game, kind), board.position_name(to))
        }
        Shape::Step {
            kind,
            from,
            to,
            capture,
            promoted,
        } => {
            let mut out = String::new();
            let pawn = is_pawn(game, kind);
            if pawn {
                if capture {
                    out.push_str(file(board.position_name(from)));
                }
            } else {
                out.push_str(&letter(game, kind));
                out.push_str(&disambiguation(game, legal, mv, kind, from, to));
            }
            if capture {
                out.push('x');
            }
            out.push_str(board.position_name(to));
            if let Some(p) = promoted {
                out.push('=');
                out.push_str(&letter(game, p));
            }
            out
        }
    }
}

/// The legal moves a typed SAN (after [`normalise`]) may mean: those whose SAN it is, else
/// those it names with more or less of the start square than SAN needs (`Ngf3` where `Nf3`
/// would do; `Nd2` where two knights can go to d2, which is then ambiguous).
pub(crate) fn read<'m>(game: &Game, legal: &'m [Move], wanted: &str) -> Vec<&'m Move> {
    let exact: Vec<&Move> = legal
        .iter()
        .filter(|m| san_without_suffix(game, legal, m) == wanted)
        .collect();
    if !exact.is_empty() {
        return exact;
    }
    legal
        .iter()
        .filter(|m| loose_forms(game, m).iter().any(|f| f == wanted))
        .collect()
}

/// Why several moves fit one typed SAN, with their SAN: `two knights can go there: Nbd2,
/// Nfd2`.
pub(crate) fn why_ambiguous(game: &Game, legal: &[Move], found: &[&Move]) -> String {
    let mut sans: Vec<String> = found
        .iter()
        .map(|m| san_without_suffix(game, legal, m))
        .collect();
    crate::sort_for_reading(&mut sans);
    let kind = match found.first().and_then(|m| shape(game, m)) {
        Some(Shape::Step { kind, .. }) => game.piece_name(kind).to_lowercase(),
        _ => "piece".into(),
    };
    let count = match found.len() {
        2 => "two".to_string(),
        3 => "three".to_string(),
        n => n.to_string(),
    };
    format!("{count} {kind}s can go there: {}", sans.join(", "))
}

/// A piece move written with any part of its start square or none (`Nf3`, `Ngf3`, `N1f3`,
/// `Ng1f3`): what people may type for it, disambiguated or not.
fn loose_forms(game: &Game, mv: &Move) -> Vec<String> {
    let Some(Shape::Step {
        kind,
        from,
        to,
        capture,
        promoted,
    }) = shape(game, mv)
    else {
        return Vec::new();
    };
    if is_pawn(game, kind) {
        return Vec::new();
    }
    let board = game.board();
    let name = board.position_name(from);
    let mut tail = String::from(if capture { "x" } else { "" });
    tail.push_str(board.position_name(to));
    if let Some(p) = promoted {
        tail.push('=');
        tail.push_str(&letter(game, p));
    }
    let head = letter(game, kind);
    ["", file(name), rank(name), name]
        .iter()
        .map(|hint| format!("{head}{hint}{tail}"))
        .collect()
}

/// The piece type's letter in SAN: its notation, upper case.
fn letter(game: &Game, kind: PieceKind) -> String {
    game.piece_notation(kind).to_uppercase()
}

/// A pawn is the type written `p`: SAN leaves its letter out.
fn is_pawn(game: &Game, kind: PieceKind) -> bool {
    game.piece_notation(kind).eq_ignore_ascii_case("p")
}

/// The letters of a square's name (its file): `e` of `e4`, `aa` of `aa10`.
fn file(name: &str) -> &str {
    let end = name
        .find(|c: char| c.is_ascii_digit())
        .unwrap_or(name.len());
    name.get(..end).unwrap_or(name)
}

/// The digits of a square's name (its rank): `4` of `e4`.
fn rank(name: &str) -> &str {
    name.get(file(name).len()..).unwrap_or("")
}

/// What the move is, from its actions; `None` for a move SAN has no form for.
fn shape(game: &Game, mv: &Move) -> Option<Shape> {
    let actions = mv.actions();
    if let Some(kind) = actions.iter().find_map(|a| match *a {
        Action::FromHand { kind, .. } => Some(kind),
        _ => None,
    }) {
        let (to, _) = mv.landing()?;
        return Some(Shape::Drop { kind, to });
    }
    let takes: Vec<(Pos, dagaz_ir::Piece)> = actions
        .iter()
        .filter_map(|a| match *a {
            Action::Take { at, piece } => Some((at, piece)),
            _ => None,
        })
        .collect();
    let (from, piece) = *takes.first()?;
    if takes.len() == 2 {
        return castle(game, &takes);
    }
    let to = first_drop(mv, piece.owner)?;
    let landed = landed_as(mv, to)?;
    let capture = actions.iter().any(|a| match *a {
        Action::Capture { piece: p, .. } => p.owner != piece.owner,
        Action::Drop { replaced, .. } => replaced.is_some_and(|r| r.owner != piece.owner),
        _ => false,
    });
    Some(Shape::Step {
        kind: piece.kind,
        from,
        to,
        capture,
        promoted: (landed != piece.kind).then_some(landed),
    })
}

/// Castling: one of the two pieces lifted is royal, and the other stood on the side castled
/// to (a higher file is the short side, as on a chessboard seen by White). The rook tells
/// the side even where the king stays put (Chess960).
fn castle(game: &Game, takes: &[(Pos, dagaz_ir::Piece)]) -> Option<Shape> {
    let &(king, _) = takes.iter().find(|(_, p)| game.is_royal(p.kind))?;
    let &(rook, _) = takes.iter().find(|(_, p)| !game.is_royal(p.kind))?;
    let board = game.board();
    let column = |p: Pos| file(board.position_name(p)).to_string();
    let (k, r) = (column(king), column(rook));
    // Files compare by length, then letter: `j` after `i`, `aa` after `z`.
    let long = (r.len(), &r) < (k.len(), &k);
    Some(Shape::Castle { long })
}

/// Where the moving player's piece is first put down.
fn first_drop(mv: &Move, owner: PlayerId) -> Option<Pos> {
    mv.actions().iter().find_map(|a| match *a {
        Action::Drop { at, piece, .. } if piece.owner == owner => Some(at),
        _ => None,
    })
}

/// The type of the piece the move leaves on `at` at the end (after a promotion).
fn landed_as(mv: &Move, at: Pos) -> Option<PieceKind> {
    mv.actions().iter().rev().find_map(|a| match *a {
        Action::Drop { at: p, piece, .. } if p == at => Some(piece.kind),
        _ => None,
    })
}

/// The file, rank or square SAN adds when another piece of the same type can go to the same
/// square: the file if that tells them apart, else the rank, else both.
fn disambiguation(
    game: &Game,
    legal: &[Move],
    mv: &Move,
    kind: PieceKind,
    from: Pos,
    to: Pos,
) -> String {
    let rivals: Vec<Pos> = legal
        .iter()
        .filter(|other| *other != mv)
        .filter_map(|other| match shape(game, other)? {
            Shape::Step {
                kind: k,
                from: f,
                to: t,
                ..
            } if k == kind && t == to && f != from => Some(f),
            _ => None,
        })
        .collect();
    if rivals.is_empty() {
        return String::new();
    }
    let board = game.board();
    let name = board.position_name(from);
    let names: Vec<&str> = rivals.iter().map(|&p| board.position_name(p)).collect();
    if names.iter().all(|n| file(n) != file(name)) {
        file(name).into()
    } else if names.iter().all(|n| rank(n) != rank(name)) {
        rank(name).into()
    } else {
        name.into()
    }
}

/// The text a person typed, in the form [`san_without_suffix`] writes: no `+`, `#`, `!` or
/// `?`; castling with letter O; a promotion with `=` and an upper-case letter (`e8q`,
/// `e8Q` and `e8(Q)` are all `e8=Q`; a pawn's drop `@e4` is `P@e4`).
pub(crate) fn normalise(text: &str) -> String {
    let t: String = text
        .chars()
        .filter(|c| !matches!(c, '+' | '#' | '!' | '?') && !c.is_whitespace())
        .collect();
    if matches!(t.as_str(), "O-O" | "0-0" | "O-O-O" | "0-0-0") {
        return t.replace('0', "O");
    }
    let t = t.replace(['(', ')'], "");
    // A promotion: the square's rank, then a piece letter with or without `=`.
    let mut chars: Vec<char> = t.chars().collect();
    if let [.., d, p] = chars.as_slice() {
        if d.is_ascii_digit() && p.is_ascii_alphabetic() {
            let p = p.to_ascii_uppercase();
            chars.pop();
            chars.push('=');
            chars.push(p);
        }
    }
    let t: String = chars.into_iter().collect();
    let t = match t.split_once('=') {
        Some((head, piece)) => format!("{head}={}", piece.to_uppercase()),
        None => t,
    };
    // A pawn drop may be written without its letter.
    match t.strip_prefix('@') {
        Some(square) => format!("P@{square}"),
        None => t,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shipped::{game, KIWIPETE};
    use pretty_assertions::assert_eq;

    /// Every legal move's SAN at `fen`, sorted.
    fn sans(fen: &str) -> String {
        let chess = game("chess.game");
        let position = chess.from_fen(fen).unwrap();
        let mut gen = MoveGen::default();
        let legal = gen.moves(&chess, &position).unwrap();
        let mut all = san_all(&chess, &mut gen, &position, &legal).unwrap();
        all.sort();
        all.join(" ")
    }

    // The expected lists are python-chess's `board.san(move)` for every legal move, sorted.

    #[test]
    fn castling_captures_and_the_file_that_tells_two_knights_apart() {
        assert_eq!(
            sans(KIWIPETE),
            "Bb5 Bc1 Bc4 Bd1 Bd3 Be3 Bf1 Bf4 Bg5 Bh6 Bxa6 Kd1 Kf1 Na4 Nb1 Nb5 Nc4 Nc6 Nd1 Nd3 \
             Ng4 Nxd7 Nxf7 Nxg6 O-O O-O-O Qd3 Qe3 Qf4 Qf5 Qg3 Qg4 Qh5 Qxf6 Qxh3 Rb1 Rc1 Rd1 Rf1 \
             Rg1 a3 a4 b3 d6 dxe6 g3 g4 gxh3"
        );
    }

    #[test]
    fn promotions_with_check_and_knights_told_apart_by_file() {
        assert_eq!(
            sans("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1"),
            "Kc6 Kd6 Ke6 Ke7 Ke8 Kxc7 Nab6 Ncb6 Nd6 Ne7 Nxa7 Nxc7 g1=B g1=N+ g1=Q g1=R gxf1=B+ \
             gxf1=N gxf1=Q+ gxf1=R gxh1=B gxh1=N gxh1=Q gxh1=R"
        );
    }

    #[test]
    fn rooks_told_apart_by_rank_and_a_mate() {
        assert_eq!(
            sans("R6R/8/8/8/8/8/8/R3K1k1 w - - 0 1"),
            "Kd1 Kd2+ Ke2+ R1a2 R1a3 R1a4 R1a5 R1a6 R1a7 R8a2 R8a3 R8a4 R8a5 R8a6 R8a7 Rab8 Rac8 \
             Rad8 Rae8 Raf8 Rag8# Rb1 Rc1 Rd1 Rh1+ Rh2 Rh3 Rh4 Rh5 Rh6 Rh7 Rhb8 Rhc8 Rhd8 Rhe8 \
             Rhf8 Rhg8+"
        );
    }

    #[test]
    fn what_people_type_is_read_as_san() {
        for (typed, read) in [
            ("Nf3+", "Nf3"),
            ("e8Q", "e8=Q"),
            ("e8=q", "e8=Q"),
            ("exd8(N)#", "exd8=N"),
            ("0-0", "O-O"),
            ("0-0-0+", "O-O-O"),
            ("Qh4!?", "Qh4"),
            ("@e4", "P@e4"),
            ("a10", "a10"),
        ] {
            assert_eq!(normalise(typed), read, "{typed}");
        }
    }

    #[test]
    fn a_game_is_read_in_san_and_in_coordinates() {
        let chess = game("chess.game");
        let mut position = chess.initial_position();
        let mut gen = MoveGen::default();
        for typed in [
            "e4", "e7e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "0-0",
        ] {
            let legal = gen.moves(&chess, &position).unwrap();
            let mv = crate::match_move(&chess, &legal, typed).unwrap().clone();
            position.play(&chess, &mv);
        }
        assert_eq!(
            chess.to_fen(&position).unwrap(),
            "r1bqkbnr/1pp2ppp/p1p5/4p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 0 5"
        );
    }
}
