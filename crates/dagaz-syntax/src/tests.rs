//! Tests of `parse` over whole files: every form, good and bad, and the recovery after errors.

use crate::*;
use dagaz_sexpr::{LineIndex, Span};
use pretty_assertions::assert_eq;

/// Parses `text`; answers the file and each error as "MESSAGE @ TEXT AT ITS SPAN".
fn parse_text(text: &str) -> (File, Vec<String>) {
    let nodes = dagaz_sexpr::read(text).unwrap();
    let (file, errors) = parse(&nodes);
    let errors = errors
        .iter()
        .map(|e| format!("{e} @ {}", &text[e.span.start..e.span.end]))
        .collect();
    (file, errors)
}

const GAME: &str = "(game (name t) (players (White)))";

/// A file with one piece whose clauses are `clauses`: its piece and its errors.
fn piece_of(clauses: &str) -> (Piece, Vec<String>) {
    let (file, errors) = parse_text(&format!("(piece (name Man) {clauses}) {GAME}"));
    let piece = file.pieces().next().unwrap().clone();
    (piece, errors)
}

/// The statements of `(move BODY)`, printed, and the errors.
fn lowered(body: &str) -> (Vec<String>, Vec<String>) {
    let (piece, errors) = piece_of(&format!("(move {body})"));
    (piece.moves[0].stmts.iter().map(stmt).collect(), errors)
}

/// The statements of `(move BODY)`, printed, when there is no error.
fn good(body: &str) -> Vec<String> {
    let (stmts, errors) = lowered(body);
    assert_eq!(errors, Vec::<String>::new(), "{body}");
    stmts
}

/// The errors of `(move BODY)`.
fn bad(body: &str) -> Vec<String> {
    lowered(body).1
}

/// The errors of a file with a board, one piece and a game with `clauses`.
fn game_errors(clauses: &str) -> Vec<String> {
    game_of(clauses).1
}

fn game_of(clauses: &str) -> (Game, Vec<String>) {
    let (file, errors) = parse_text(&format!(
        "(game (name t) (players (White (Man a1)) (Black)) {clauses})"
    ));
    let errors = errors
        .into_iter()
        .filter(|e| !e.contains("no `(game ...)`"))
        .collect();
    (file.game().unwrap().clone(), errors)
}

/// A statement printed back in the language, without spans; `<error>` for a placeholder.
fn stmt(s: &Stmt) -> String {
    let block = |b: &Block| b.stmts.iter().map(stmt).collect::<Vec<_>>().join(" ");
    let opt = |e: &Option<Expr>| {
        e.as_ref()
            .map(|e| format!(" {}", expr(e)))
            .unwrap_or_default()
    };
    match s {
        Stmt::Check(e, _) => format!("(check {})", expr(e)),
        Stmt::NoMoves(_) => "(check no-moves?)".into(),
        Stmt::Let(n, e, _) => format!("(let {} {})", n.text, expr(e)),
        Stmt::Set(n, e, _) => format!("(set! {} {})", n.text, expr(e)),
        Stmt::Inc(n, e, _) => format!("(inc! {}{})", n.text, opt(e)),
        Stmt::Dec(n, e, _) => format!("(dec! {}{})", n.text, opt(e)),
        Stmt::While(c, b, _) => format!("(while {} [{}])", expr(c), block(b)),
        Stmt::If(c, t, None, _) => format!("(if {} [{}])", expr(c), block(t)),
        Stmt::If(c, t, Some(o), _) => {
            format!("(if {} [{}] else [{}])", expr(c), block(t), block(o))
        }
        Stmt::Seq(b, _) => format!("(seq [{}])", block(b)),
        Stmt::EndMove(_) => "(end-move)".into(),
        Stmt::Take(_) => "(take)".into(),
        Stmt::Drop(_) => "(drop)".into(),
        Stmt::Capture(_) => "(capture)".into(),
        Stmt::CaptureLater(_) => "(capture-later)".into(),
        Stmt::CaptureGroup(_) => "(capture-group)".into(),
        Stmt::Visit(_) => "(visit)".into(),
        Stmt::Part(_) => "(part)".into(),
        Stmt::Promote(e, _) => format!("(promote {})", expr(e)),
        Stmt::SetAttr(n, e, _) => format!("(set-attr {} {})", n.text, expr(e)),
        Stmt::MovePiece(e, _) => format!("(move-piece {})", expr(e)),
        Stmt::SetOwner(e, _) => format!("(set-owner {})", expr(e)),
        Stmt::CyclePieces(es, _) => {
            let args: Vec<String> = es.iter().map(expr).collect();
            format!("(cycle-pieces {})", args.join(" "))
        }
        Stmt::MoveTile(e, _) => format!("(move-tile {})", expr(e)),
        Stmt::Create(k, p, _) => format!("(create {} {})", expr(k), expr(p)),
        Stmt::SetSeeds(e, _) => format!("(set-seeds {})", expr(e)),
        Stmt::AnotherTurn(_) => "(another-turn)".into(),
        Stmt::Weight(e, _) => format!("(weight {})", expr(e)),
        Stmt::TurnTo(e, _) => format!("(turn-to {})", expr(e)),
        Stmt::Log(es, _) => format!("(log {})", exprs(es)),
        Stmt::Any(alts, _) => {
            let alts: Vec<String> = alts.iter().map(|b| format!("[{}]", block(b))).collect();
            format!("(any {})", alts.join(" "))
        }
        Stmt::Expr(e) => format!("expr {}", expr(e)),
        Stmt::Error(_) => "<error>".into(),
    }
}

fn exprs(es: &[Expr]) -> String {
    es.iter().map(expr).collect::<Vec<_>>().join(" ")
}

fn expr(e: &Expr) -> String {
    let form = |head: &str, es: &[Expr]| {
        if es.is_empty() {
            format!("({head})")
        } else {
            format!("({head} {})", exprs(es))
        }
    };
    match e {
        Expr::Int(n, _) => n.to_string(),
        Expr::Str(s, _) => format!("{s:?}"),
        Expr::Bool(b, _) => format!("#{b}"),
        Expr::Name(n) => n.text.clone(),
        Expr::Any(es, _) => form("any", es),
        Expr::And(es, _) => form("and", es),
        Expr::Or(es, _) => form("or", es),
        Expr::Not(a, _) => form("not", std::slice::from_ref(a)),
        Expr::Add(es, _) => form("+", es),
        Expr::Sub(es, _) => form("-", es),
        Expr::Mul(es, _) => form("*", es),
        Expr::Div(ab, _) => form("/", &ab[..]),
        Expr::Mod(ab, _) => form("mod", &ab[..]),
        Expr::Compare(op, ab, _) => {
            let head = match op {
                Compare::Eq => "=",
                Compare::Ne => "!=",
                Compare::Lt => "<",
                Compare::Le => "<=",
                Compare::Gt => ">",
                Compare::Ge => ">=",
            };
            form(head, &ab[..])
        }
        Expr::InZone(z, _) => format!("(in-zone? {})", z.text),
        Expr::Connected(a, b, _) => format!("(connected? {} {})", a.text, b.text),
        Expr::GroupTouches(zones, _) => {
            let names: Vec<&str> = zones.iter().map(|z| z.text.as_str()).collect();
            format!("(group-touches {})", names.join(" "))
        }
        Expr::CountOf(friends, k, _) => {
            let head = if *friends {
                "friend-count"
            } else {
                "enemy-count"
            };
            format!("({head} {})", k.text)
        }
        Expr::Error(_) => "<error>".into(),
    }
}

fn span_of(text: &str, needle: &str) -> Span {
    let start = text.find(needle).unwrap();
    Span::new(start, start + needle.len())
}

/// The span of the last `inner` inside the first `outer` of `text`.
fn within(text: &str, outer: &str, inner: &str) -> Span {
    let outer = span_of(text, outer);
    let start = outer.start + text[outer.start..outer.end].rfind(inner).unwrap();
    Span::new(start, start + inner.len())
}

/// The name `inner` (quotes dropped), last inside the first `outer` of `text`.
fn ident(text: &str, outer: &str, inner: &str) -> Ident {
    Ident {
        text: inner.trim_matches('"').to_string(),
        span: within(text, outer, inner),
    }
}

#[test]
fn a_whole_file_lowers_to_exact_values() {
    let text = r#"(board (name b) (dim "a-c") (dir (name e) 1))
(piece (name P) (pre (take)) (move (check e)) (post (drop)))
(game (name "g") (players (White (P a) (hand (Stone unlimited)))))"#;
    let (file, errors) = parse_text(text);
    assert_eq!(errors, Vec::<String>::new());
    let at = |needle: &str| span_of(text, needle);
    let expected = File {
        items: vec![
            Item::Board(Box::new(Board {
                name: Some(ident(text, "(name b)", "b")),
                dims: vec![ident(text, "(dim \"a-c\")", "\"a-c\"")],
                dirs: vec![Direction {
                    name: ident(text, "(dir (name e)", "e"),
                    offsets: vec![Int {
                        value: 1,
                        span: within(text, "(dir (name e) 1)", "1"),
                    }],
                    span: at("(dir (name e) 1)"),
                }],
                numbers: None,
                holes: Vec::new(),
                dark: Vec::new(),
                links: Vec::new(),
                broken: false,
                span: at("(board (name b) (dim \"a-c\") (dir (name e) 1))"),
            })),
            Item::Piece(Box::new(Piece {
                name: Some(ident(text, "(name P)", "P")),
                notation: None,
                pre: Block {
                    stmts: vec![Stmt::Take(at("(take)"))],
                    span: at("(pre (take))"),
                },
                moves: vec![Block {
                    stmts: vec![Stmt::Check(
                        Expr::Name(ident(text, "(check e)", "e")),
                        at("(check e)"),
                    )],
                    span: at("(move (check e))"),
                }],
                post: Block {
                    stmts: vec![Stmt::Drop(at("(drop)"))],
                    span: at("(post (drop))"),
                },
                drops: Vec::new(),
                glyphs: Vec::new(),
                tile: 0,
                span: at("(piece (name P) (pre (take)) (move (check e)) (post (drop)))"),
            })),
            Item::Game(Box::new(Game {
                name: Some(ident(text, "(name \"g\")", "\"g\"")),
                players: Some(Players {
                    players: vec![Player {
                        name: ident(text, "(White", "White"),
                        groups: vec![PieceGroup {
                            kind: ident(text, "(P a)", "P"),
                            squares: vec![ident(text, "(P a)", "a")],
                            span: at("(P a)"),
                        }],
                        hand: vec![HandEntry {
                            kind: ident(text, "(Stone unlimited)", "Stone"),
                            count: None,
                            span: at("(Stone unlimited)"),
                        }],
                        span: at("(White (P a) (hand (Stone unlimited)))"),
                    }],
                    span: at("(players (White (P a) (hand (Stone unlimited))))"),
                }),
                span: at("(game (name \"g\") (players (White (P a) (hand (Stone unlimited)))))"),
                ..Game::default()
            })),
        ],
    };
    assert_eq!(file, expected);
}

#[test]
fn every_statement_form_lowers() {
    assert_eq!(
        good(
            "(check is-empty?) (let d (any nw ne)) (set! g 1) (inc! c) (inc! c (* 2 n)) \
             (dec! c) (dec! c 2) (end-move) (take) (drop) (capture) (capture-later) (visit) \
             (promote King) (promote (any Queen Rook)) (promote k) (set-attr moved true) \
             (move-piece f1) (log \"x\" position 3) (set-seeds (+ seeds 1)) (another-turn) \
             (weight (+ 1 n))"
        ),
        vec![
            "(check is-empty?)",
            "(let d (any nw ne))",
            "(set! g 1)",
            "(inc! c)",
            "(inc! c (* 2 n))",
            "(dec! c)",
            "(dec! c 2)",
            "(end-move)",
            "(take)",
            "(drop)",
            "(capture)",
            "(capture-later)",
            "(visit)",
            "(promote King)",
            "(promote (any Queen Rook))",
            "(promote k)",
            "(set-attr moved #true)",
            "(move-piece f1)",
            "(log \"x\" position 3)",
            "(set-seeds (+ seeds 1))",
            "(another-turn)",
            "(weight (+ 1 n))",
        ]
    );
}

#[test]
fn seeds_clauses_lower_and_their_mistakes_are_reported() {
    let (game, errors) = game_of("(seeds 4 a1 b1) (seeds 0 3) (score seeds) (end (repetition 2))");
    assert_eq!(errors, Vec::<String>::new());
    assert!(game.goals.iter().all(|g| g.by_score) && game.goals.len() == 1);
    let seeds: Vec<(u16, Vec<&str>)> = game
        .seeds
        .iter()
        .map(|s| (s.count, s.positions.iter().map(Ident::as_str).collect()))
        .collect();
    assert_eq!(seeds, vec![(4, vec!["a1", "b1"]), (0, vec!["3"])]);
    assert_eq!(game.score.map(|(s, _)| s), Some(EndScore::Seeds));
    assert_eq!(
        game_errors("(seeds) (seeds -1 a1) (seeds 65536 a1) (seeds x a1) (another-turn 1)"),
        vec![
            "`seeds` takes at least 1 argument, found 0 @ (seeds)",
            "expected a number of seeds from 0 to 65535, found the number -1 @ -1",
            "expected a number of seeds from 0 to 65535, found the number 65536 @ 65536",
            "expected a number of seeds from 0 to 65535, found the symbol `x` @ x",
            "unknown clause `another-turn` in `game` (expected `name`, `board`, `players`, `symmetry`, `zone`, `fen`, `notation`, `unique-moves`, `attribute`, `turn-variable`, `royal`, `chance`, `attacks`, `win`, `loss`, `draw`, `evaluation`, `goal`, `captures-to-hand`, `pass`, `score`, `komi`, `superko`, `turns`, `seeds`, `end` or `search`) @ (another-turn 1)",
        ]
    );
    assert_eq!(
        bad("(another-turn 1) (set-seeds)"),
        vec![
            "`another-turn` takes 0 arguments, found 1 @ (another-turn 1)",
            "`set-seeds` takes 1 argument, found 0 @ (set-seeds)",
        ]
    );
}

#[test]
fn blocks_nest() {
    assert_eq!(
        good("(while true (check n) (end-move)) (if (= position a1) (check n) else (check e) (log 1))"),
        vec![
            "(while #true [(check n) (end-move)])",
            "(if (= position a1) [(check n)] else [(check e) (log 1)])",
        ]
    );
    assert_eq!(
        good("(if is-enemy? (capture)) (if c else) (if else) (seq) (seq (take) (drop))"),
        vec![
            "(if is-enemy? [(capture)])",
            "(if c [] else [])",
            "(if else [])",
            "(seq [])",
            "(seq [(take) (drop)])",
        ]
    );
}

#[test]
fn any_is_a_statement_and_an_expression() {
    assert_eq!(
        good("(any (check n) (seq (check e) (check n))) (any) (check (any nw ne)) (log (any 1 2))"),
        vec![
            "(any [(check n)] [(seq [(check e) (check n)])])",
            "(any )",
            "(check (any nw ne))",
            "(log (any 1 2))",
        ]
    );
}

#[test]
fn bare_values_are_expression_statements() {
    assert_eq!(
        good("nw a1 5 \"s\" true (and) (in-zone? top)"),
        vec![
            "expr nw",
            "expr a1",
            "expr 5",
            "expr \"s\"",
            "expr #true",
            "expr (and)",
            "expr (in-zone? top)",
        ]
    );
}

#[test]
fn every_expression_form_lowers() {
    assert_eq!(
        good(
            "(log -2147483648 2147483647 \"a\" false x (any) (and a b) (or) (not a) (+) (+ 1) \
             (- 1) (- 1 2 3) (*) (/ 7 2) (mod -7 2) (= a b) (!= a b) (< a b) (<= a b) (> a b) \
             (>= a b) (in-zone? promotion) friend-count (friend-count King) (enemy-count Pawn))"
        ),
        vec![
            "(log -2147483648 2147483647 \"a\" #false x (any) (and a b) (or) (not a) (+) \
             (+ 1) (- 1) (- 1 2 3) (*) (/ 7 2) (mod -7 2) (= a b) (!= a b) (< a b) (<= a b) \
             (> a b) (>= a b) (in-zone? promotion) friend-count (friend-count King) \
             (enemy-count Pawn))"
        ]
    );
}

#[test]
fn group_touches_takes_one_zone_or_more() {
    assert_eq!(
        good("(log (group-touches top) (group-touches left top right) (connected? a b))"),
        vec!["(log (group-touches top) (group-touches left top right) (connected? a b))"]
    );
    assert_eq!(
        bad("(log (group-touches) (group-touches top 3))"),
        vec![
            "`group-touches` takes at least 1 argument, found 0 @ (group-touches)",
            "expected a zone name, found the number 3 @ 3",
        ]
    );
}

#[test]
fn cycle_pieces_takes_two_positions_or_more() {
    assert_eq!(
        good("(cycle-pieces a1 b1) (cycle-pieces a6 c6 c4 here)"),
        vec!["(cycle-pieces a1 b1)", "(cycle-pieces a6 c6 c4 here)"]
    );
    assert_eq!(
        bad("(cycle-pieces a1)"),
        vec!["`cycle-pieces` takes at least 2 arguments, found 1 @ (cycle-pieces a1)"]
    );
}

#[test]
fn move_tile_takes_one_direction() {
    assert_eq!(
        good("(move-tile n) (move-tile (any n s))"),
        vec!["(move-tile n)", "(move-tile (any n s))"]
    );
    assert_eq!(
        bad("(move-tile) (move-tile n s)"),
        vec![
            "`move-tile` takes 1 argument, found 0 @ (move-tile)",
            "`move-tile` takes 1 argument, found 2 @ (move-tile n s)",
        ]
    );
}

#[test]
fn create_takes_a_kind_and_maybe_a_player() {
    assert_eq!(
        good("(create Man) (create King Black)"),
        vec!["(create Man current-player)", "(create King Black)"]
    );
    assert_eq!(
        bad("(create) (create a b c)"),
        vec![
            "`create` takes 1 or 2 arguments, found 0 @ (create)",
            "`create` takes 1 or 2 arguments, found 3 @ (create a b c)",
        ]
    );
}

#[test]
fn a_tile_is_a_number_from_one() {
    let (piece, errors) = piece_of("(tile 7)");
    assert_eq!((piece.tile, errors), (7, Vec::<String>::new()));
    let (piece, errors) = piece_of("(tile 0) (tile 65536) (tile x) (tile)");
    assert_eq!(piece.tile, 0);
    let what = "expected a tile number from 1 to 65535, found";
    assert_eq!(
        errors,
        vec![
            format!("{what} the number 0 @ 0"),
            format!("{what} the number 65536 @ 65536"),
            format!("{what} the symbol `x` @ x"),
            "`tile` takes 1 argument, found 0 @ (tile)".to_string(),
        ]
    );
}

#[test]
fn no_moves_only_as_a_check_in_post() {
    let (piece, errors) = piece_of("(post (check no-moves?) (drop))");
    assert_eq!(errors, Vec::<String>::new());
    assert_eq!(stmt(&piece.post.stmts[0]), "(check no-moves?)");
    let message =
        "`no-moves?` is a deferred check: it may only stand as `(check no-moves?)` in `post`";
    assert_eq!(
        bad("(check no-moves?) (log no-moves?) (set! no-moves? 1) (inc! no-moves?) (check (not no-moves?))"),
        vec![
            format!("{message} @ no-moves?"); 5
        ]
    );
    let (_, errors) = piece_of("(pre (check no-moves?)) (post (if no-moves? (drop)))");
    assert_eq!(errors.len(), 2);
}

#[test]
fn statement_shapes_are_checked() {
    assert_eq!(
        bad("(check) (check a b) (let x) (let 1 2) (set! x) (set! \"x\" 1) (inc!) (dec! a b c)"),
        vec![
            "`check` takes 1 argument, found 0 @ (check)",
            "`check` takes 1 argument, found 2 @ (check a b)",
            "`let` takes 2 arguments, found 1 @ (let x)",
            "expected a variable name, found the number 1 @ 1",
            "`set!` takes 2 arguments, found 1 @ (set! x)",
            "expected a variable name, found the string \"x\" @ \"x\"",
            "`inc!` takes 1 or 2 arguments, found 0 @ (inc!)",
            "`dec!` takes 1 or 2 arguments, found 3 @ (dec! a b c)",
        ]
    );
    assert_eq!(
        bad("(while) (if) (if c else (log 1) else) (end-move 1) (take 1) (drop x) (capture 1 2) (capture-later a) (visit b)"),
        vec![
            "`while` takes at least 1 argument, found 0 @ (while)",
            "`if` takes at least 1 argument, found 0 @ (if)",
            "`else` may appear once in an `if`, after at least the condition @ (if c else (log 1) else)",
            "`end-move` takes 0 arguments, found 1 @ (end-move 1)",
            "`take` takes 0 arguments, found 1 @ (take 1)",
            "`drop` takes 0 arguments, found 1 @ (drop x)",
            "`capture` takes 0 arguments, found 2 @ (capture 1 2)",
            "`capture-later` takes 0 arguments, found 1 @ (capture-later a)",
            "`visit` takes 0 arguments, found 1 @ (visit b)",
        ]
    );
    assert_eq!(
        bad("(promote) (set-attr a) (set-attr 1 true) (move-piece) (log)"),
        vec![
            "`promote` takes 1 argument, found 0 @ (promote)",
            "`set-attr` takes 2 arguments, found 1 @ (set-attr a)",
            "expected an attribute name, found the number 1 @ 1",
            "`move-piece` takes 1 argument, found 0 @ (move-piece)",
            "`log` takes at least 1 argument, found 0 @ (log)",
        ]
    );
    let many = vec!["1"; 256].join(" ");
    assert_eq!(
        bad(&format!("(log {many}) (log (+ {many}))")),
        vec![
            format!("too many arguments (at most 255) @ (log {many})"),
            format!("too many arguments (at most 255) @ (+ {many})"),
        ]
    );
    assert_eq!(
        good(&format!("(log {})", vec!["1"; 255].join(" "))).len(),
        1
    );
}

#[test]
fn end_move_only_in_a_move_clause() {
    let (piece, errors) =
        piece_of("(pre (end-move)) (move (if c (seq (end-move)))) (post (end-move))");
    assert_eq!(
        errors,
        vec![
            "`end-move` may only stand in a `move` clause @ (end-move)",
            "`end-move` may only stand in a `move` clause @ (end-move)",
        ]
    );
    assert_eq!(stmt(&piece.pre.stmts[0]), "<error>");
    assert_eq!(
        stmt(&piece.moves[0].stmts[0]),
        "(if c [(seq [(end-move)])])"
    );
}

#[test]
fn expression_shapes_are_checked() {
    assert_eq!(
        bad("(log (not) (not a b) (/ 1) (mod 1 2 3) (= 1) (in-zone?) (in-zone? 3) (-) (enemy-count) (friend-count 1))"),
        vec![
            "`not` takes 1 argument, found 0 @ (not)",
            "`not` takes 1 argument, found 2 @ (not a b)",
            "`/` takes 2 arguments, found 1 @ (/ 1)",
            "`mod` takes 2 arguments, found 3 @ (mod 1 2 3)",
            "`=` takes 2 arguments, found 1 @ (= 1)",
            "`in-zone?` takes 1 argument, found 0 @ (in-zone?)",
            "expected a zone name, found the number 3 @ 3",
            "`-` takes at least 1 argument, found 0 @ (-)",
            "`enemy-count` takes 1 argument, found 0 @ (enemy-count)",
            "expected a piece type, found the number 1 @ 1",
        ]
    );
    assert_eq!(
        bad("(frobnicate 1) (log (let x 1)) ((x) 1) (log (1 2)) (log 3000000000 -2147483649)"),
        vec![
            "unknown form `frobnicate` @ frobnicate",
            "expected an expression (this form is a statement), found the form `(let ...)` @ (let x 1)",
            "expected a form such as `(+ 1 2)` (a name first), found a list @ ((x) 1)",
            "expected a form such as `(+ 1 2)` (a name first), found a list @ (1 2)",
            "expected a number from -2147483648 to 2147483647, found the number 3000000000 @ 3000000000",
            "expected a number from -2147483648 to 2147483647, found the number -2147483649 @ -2147483649",
        ]
    );
    // A keyword that is no form is an unknown form where a form is expected.
    assert_eq!(
        bad("(board 1) (log (else))"),
        vec!["unknown form `board` @ board", "unknown form `else` @ else"]
    );
}

#[test]
fn lowering_goes_on_after_an_error() {
    let (stmts, errors) = lowered(
        "(check nw) (frobnicate 1) (check (> 1)) (if) (log 1 (not) 2) (while (or) (take 1) (drop))",
    );
    assert_eq!(
        stmts,
        vec![
            "(check nw)",
            "expr <error>",
            "(check <error>)",
            "<error>",
            "(log 1 <error> 2)",
            "(while (or) [<error> (drop)])",
        ]
    );
    assert_eq!(
        errors,
        vec![
            "unknown form `frobnicate` @ frobnicate",
            "`>` takes 2 arguments, found 1 @ (> 1)",
            "`if` takes at least 1 argument, found 0 @ (if)",
            "`not` takes 1 argument, found 0 @ (not)",
            "`take` takes 0 arguments, found 1 @ (take 1)",
        ]
    );
}

const STEP: &str = "(define step (d) (check d) (check is-empty?))";

#[test]
fn macros_expand_as_statements_and_expressions() {
    let (file, errors) = parse_text(&format!(
        "(piece (name Man) (move (step n) (log (twice 2)) (any (step s) (log 1)))) {STEP}
         (define twice (x) (+ x x)) {GAME}"
    ));
    assert_eq!(errors, Vec::<String>::new());
    let man = file.pieces().next().unwrap();
    assert_eq!(
        man.moves[0].stmts.iter().map(stmt).collect::<Vec<_>>(),
        vec![
            "(check n)",
            "(check is-empty?)",
            "(log (+ 2 2))",
            "(any [(check s) (check is-empty?)] [(log 1)])",
        ]
    );
    let defines: Vec<String> = file.defines().map(|d| d.name.text.clone()).collect();
    assert_eq!(defines, vec!["step", "twice"]);
    // A macro's `let` is visible after the use: the body is spliced, not a block.
    let (file, _) = parse_text(&format!(
        "(define start () (take) (let c 0)) (piece (name Man) (pre (start) (log c))) {GAME}"
    ));
    let man = file.pieces().next().unwrap();
    let pre: Vec<String> = man.pre.stmts.iter().map(stmt).collect();
    assert_eq!(pre, vec!["(take)", "(let c 0)", "(log c)"]);
}

#[test]
fn macro_mistakes_are_reported() {
    let (_, errors) = parse_text(&format!(
        "{STEP} (define two () 1 2) (define check (x) (log x)) (define step () 1)
         (piece (name Man) (move (step) (log (two)) (check n))) {GAME}"
    ));
    assert_eq!(
        errors,
        vec![
            "`check` is a built-in form; a macro may not take its name @ check",
            "a second `define` definition named `step` @ step",
            "`step` takes 1 argument, found 0 @ (step)",
            "expected a macro whose body is one expression, found the form `(two ...)` @ (two)",
        ]
    );
}

#[test]
fn a_mistake_in_a_macro_body_is_reported_once_where_it_is_written() {
    let text = format!(
        "(define hop (d) (check d) (frobnicate)) (piece (name Man) (move (hop n) (hop s)) (post (hop e))) {GAME}"
    );
    let (_, errors) = parse_text(&text);
    assert_eq!(errors, vec!["unknown form `frobnicate` @ frobnicate"]);
}

#[test]
fn uses_of_a_broken_define_are_dropped_quietly() {
    let (file, errors) = parse_text(&format!(
        "(define hop (1) x) (piece (name Man) (move (hop) (log (hop 2)))) {GAME}"
    ));
    assert_eq!(
        errors,
        vec!["expected a parameter name, found the number 1 @ 1"]
    );
    let man = file.pieces().next().unwrap();
    let stmts: Vec<String> = man.moves[0].stmts.iter().map(stmt).collect();
    assert_eq!(stmts, vec!["<error>", "(log <error>)"]);
}

#[test]
fn macros_that_use_themselves_are_stopped() {
    // As a statement: expansion depth.
    let (_, errors) = parse_text(&format!(
        "(define loop () (loop)) (piece (name Man) (pre (loop)) (move)) {GAME}"
    ));
    assert_eq!(
        errors,
        vec!["macros expand more than 64 deep (does a macro use itself?) @ (loop)"]
    );
    // As an expression.
    let (_, errors) = parse_text(&format!(
        "(define f (x) (f (+ x 1))) (piece (name Man) (move (log (f 1)))) {GAME}"
    ));
    assert_eq!(
        errors,
        vec!["macros expand more than 64 deep (does a macro use itself?) @ (f (+ x 1))"]
    );
    // Inside a loop: nesting; the check at the deepest level and the loop one level further.
    let (_, errors) = parse_text(&format!(
        "(define f () (while true (check n) (f))) (piece (name Man) (move (f))) {GAME}"
    ));
    let message =
        "forms nest more than 256 deep once macros are expanded (does a macro use itself?)";
    assert_eq!(
        errors,
        vec![
            format!("{message} @ (while true (check n) (f))"),
            format!("{message} @ (check n)"),
        ]
    );
}

#[test]
fn macro_expansion_is_bounded_in_size() {
    // Each level doubles: 2^40 statements if nothing stopped it.
    let mut text = String::from("(define m0 () (take))");
    for i in 1..=40 {
        text.push_str(&format!(" (define m{i} () (m{j}) (m{j}))", j = i - 1));
    }
    text.push_str(&format!(
        " (piece (name Man) (move (m40) (frobnicate))) {GAME}"
    ));
    let (file, errors) = parse_text(&text);
    assert_eq!(
        errors,
        vec![
            "macros expand to more than 200000 forms (does a macro use itself?) @ (m5)",
            "unknown form `frobnicate` @ frobnicate",
        ]
    );
    let stmts = &file.pieces().next().unwrap().moves[0].stmts;
    assert!(stmts.len() < 200_000, "{}", stmts.len());
}

#[test]
fn top_level_forms_are_checked() {
    let (file, errors) = parse_text(&format!(
        "foo (rules (none)) () (board (name b) (dim \"a\")) {GAME} (game (name u) (players (White)))"
    ));
    assert_eq!(
        errors,
        vec![
            "expected a `(board ...)`, `(piece ...)` or `(game ...)` form, found the symbol `foo` @ foo",
            "unknown top-level form `rules` (expected `board`, `piece`, `define`, `game`, `include` or `view`) @ (rules (none))",
            "unknown top-level form `` (expected `board`, `piece`, `define`, `game`, `include` or `view`) @ ()",
            "a second `game` form @ (game (name u) (players (White)))",
        ]
    );
    assert_eq!(file.items.len(), 6);
    assert!(matches!(file.items[0], Item::Error(_)));
    assert_eq!(file.game().unwrap().name.as_ref().unwrap().text, "t");
    assert_eq!(file.boards().count(), 1);
    let (_, errors) = parse_text("(board (name b) (dim \"a\"))");
    assert_eq!(
        errors,
        vec!["no `(game ...)` form: a game file needs exactly one @ "]
    );
}

#[test]
fn boards_lower() {
    let (file, errors) = parse_text(&format!(
        "(board (name \"b\") (dim a-c) (dim \"3-1\") (dir -1 (name nw) 1) (numbers a3 c3)) {GAME}"
    ));
    assert_eq!(errors, Vec::<String>::new());
    let board = file.boards().next().unwrap();
    assert_eq!(board.name.as_ref().unwrap().text, "b");
    let dims: Vec<&str> = board.dims.iter().map(Ident::as_str).collect();
    assert_eq!(dims, vec!["a-c", "3-1"]);
    assert_eq!(board.dirs[0].name.text, "nw");
    let offsets: Vec<i64> = board.dirs[0].offsets.iter().map(|o| o.value).collect();
    assert_eq!(offsets, vec![-1, 1]);
    let numbers: Vec<&str> = board
        .numbers
        .as_ref()
        .unwrap()
        .iter()
        .map(Ident::as_str)
        .collect();
    assert_eq!(numbers, vec!["a3", "c3"]);
    assert!(!board.broken);
}

#[test]
fn board_mistakes_are_all_reported() {
    let (file, errors) = parse_text(&format!(
        "(board (dim 1) (dim) (dir (name n) x) (dir 0 1) (size 3) wide (numbers a1 2)) (board (name c)) {GAME}"
    ));
    assert_eq!(
        errors,
        vec![
            "expected a `(name ...)` clause, found the form `(board ...)` @ (board (dim 1) (dim) (dir (name n) x) (dir 0 1) (size 3) wide (numbers a1 2))",
            "expected a range such as \"a-h\", found the number 1 @ 1",
            "`dim` takes 1 argument, found 0 @ (dim)",
            "expected a number (the direction's offset), found the symbol `x` @ x",
            "expected a `(name ...)` clause, found the form `(dir ...)` @ (dir 0 1)",
            "expected a `(name ...)`, `(dim ...)`, `(dir ...)`, `(numbers ...)`, `(holes ...)`, `(dark ...)`, `(link ...)` or `(unlink ...)` clause, found the form `(size ...)` @ (size 3)",
            "expected a `(name ...)`, `(dim ...)`, `(dir ...)`, `(numbers ...)`, `(holes ...)`, `(dark ...)`, `(link ...)` or `(unlink ...)` clause, found the symbol `wide` @ wide",
            "expected a position name, found the number 2 @ 2",
            "expected at least one `(dim ...)` clause, found the form `(board ...)` @ (board (name c))",
        ]
    );
    let boards: Vec<bool> = file.boards().map(|b| b.broken).collect();
    assert_eq!(boards, vec![true, true]);
}

#[test]
fn pieces_lower() {
    let (piece, errors) =
        piece_of("(notation \"q\") (post (drop)) (move (take)) (pre (take)) (move)");
    assert_eq!(errors, Vec::<String>::new());
    assert_eq!(piece.name.as_ref().unwrap().text, "Man");
    assert_eq!(piece.notation.as_ref().unwrap().text, "q");
    assert_eq!(piece.moves.len(), 2);
    assert_eq!(stmt(&piece.pre.stmts[0]), "(take)");
    assert_eq!(stmt(&piece.post.stmts[0]), "(drop)");
    let (piece, _) = piece_of("");
    assert_eq!((piece.pre.stmts.len(), piece.moves.len()), (0, 0));
}

#[test]
fn piece_mistakes_are_all_reported() {
    let (file, errors) = parse_text(&format!(
        "(piece (pre (take 1)) (pre) (notation) (notation 1) (moves) x (post (end-move))) {GAME}"
    ));
    let clause =
        "a `(name ...)`, `(notation ...)`, `(pre ...)`, `(move ...)`, `(post ...)`, `(drops ...)`, `(glyph ...)` or `(tile ...)` clause";
    assert_eq!(
        errors,
        vec![
            "expected a `(name ...)` clause, found the form `(piece ...)` @ (piece (pre (take 1)) (pre) (notation) (notation 1) (moves) x (post (end-move)))".to_string(),
            "`take` takes 0 arguments, found 1 @ (take 1)".into(),
            "a second `pre` form @ (pre)".into(),
            "`notation` takes 1 argument, found 0 @ (notation)".into(),
            "expected the piece's notation, such as \"q\", found the number 1 @ 1".into(),
            format!("expected {clause}, found the form `(moves ...)` @ (moves)"),
            format!("expected {clause}, found the symbol `x` @ x"),
            "`end-move` may only stand in a `move` clause @ (end-move)".into(),
        ]
    );
    assert_eq!(file.pieces().next().unwrap().name, None);
}

#[test]
fn game_clauses_lower() {
    let (game, errors) = game_of(
        "(board b) (symmetry Black (n s) (s n)) (zone (name top) (players White Black) (positions a3 3)) \
         (zone (name top) (players)) (fen pdn (W White) (B Black) (man Man) (king King)) \
         (unique-moves paths) (unique-moves actions) (attribute moved false) (attribute fresh true) \
         (turn-variable ep) (royal King Queen) (royal) (attacks reversible) (loss checkmated) \
         (draw stalemated) (win no-moves) (draw (repetition 3)) (draw (quiet-moves 50 Pawn)) \
         (evaluation (piece-values (Man 100) (King 300)) (piece-table Man White 1 2) (piece-table Man -1 0) (mobility 2) (mobility 3))",
    );
    assert_eq!(errors, Vec::<String>::new());
    assert_eq!(game.board.unwrap().name.unwrap().text, "b");
    let players: Vec<(String, usize)> = game
        .players
        .unwrap()
        .players
        .iter()
        .map(|p| (p.name.text.clone(), p.groups.len()))
        .collect();
    assert_eq!(players, vec![("White".into(), 1), ("Black".into(), 0)]);
    let pairs: Vec<(&str, &str)> = game.symmetries[0]
        .pairs
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    assert_eq!(pairs, vec![("n", "s"), ("s", "n")]);
    assert_eq!(game.zones.len(), 2);
    let positions: Vec<&str> = game.zones[0].positions.iter().map(Ident::as_str).collect();
    assert_eq!(positions, vec!["a3", "3"]);
    let Some(Fen::Pdn(pdn)) = &game.fen else {
        panic!()
    };
    let colors: Vec<(char, &str)> = pdn
        .colors
        .iter()
        .map(|(l, p)| (l.letter, p.as_str()))
        .collect();
    assert_eq!(colors, vec![('W', "White"), ('B', "Black")]);
    assert_eq!((pdn.man.as_str(), pdn.king.as_str()), ("Man", "King"));
    assert_eq!(game.unique_moves, Some(crate::UniqueMoves::Paths));
    let attrs: Vec<(&str, bool)> = game
        .attributes
        .iter()
        .map(|a| (a.name.as_str(), a.default))
        .collect();
    assert_eq!(attrs, vec![("moved", false), ("fresh", true)]);
    assert_eq!(game.turn_variables[0].name.text, "ep");
    assert_eq!(game.royal.len(), 2);
    assert_eq!(game.attacks_reversible, Some(true));
    let goals: Vec<(Outcome, GoalCondition)> = game
        .goals
        .iter()
        .map(|g| (g.outcome, g.condition.clone()))
        .collect();
    assert_eq!(
        goals[..5],
        [
            (Outcome::Loss, GoalCondition::Checkmated),
            (Outcome::Draw, GoalCondition::Stalemated),
            (Outcome::Win, GoalCondition::NoMoves),
            (Outcome::Draw, GoalCondition::Repetition(3)),
            (
                Outcome::Draw,
                GoalCondition::QuietMoves {
                    plies: 50,
                    resets: vec![goals_ident(&game.goals[4])],
                    material: None,
                }
            ),
        ]
    );
    let eval = game.evaluation.unwrap();
    let values: Vec<(&str, i32)> = eval
        .piece_values
        .iter()
        .map(|(k, v)| (k.as_str(), *v))
        .collect();
    assert_eq!(values, vec![("Man", 100), ("King", 300)]);
    let tables: Vec<(Option<&str>, Vec<i32>)> = eval
        .piece_tables
        .iter()
        .map(|t| (t.player.as_ref().map(Ident::as_str), t.numbers.clone()))
        .collect();
    assert_eq!(
        tables,
        vec![(Some("White"), vec![1, 2]), (None, vec![-1, 0])]
    );
    assert_eq!(eval.mobility, Some(3));
}

fn goals_ident(goal: &Goal) -> Ident {
    match &goal.condition {
        GoalCondition::QuietMoves { resets, .. } => resets[0].clone(),
        _ => panic!(),
    }
}

#[test]
fn standard_fen_lowers() {
    let (game, errors) = game_of(
        "(fen standard (pieces (P White Pawn) (k Black King)) (turn (w White) (b Black)) \
         (castling never-moved (K e1 h1) (q e8 a8)) (en-passant ep))",
    );
    assert_eq!(errors, Vec::<String>::new());
    let Some(Fen::Standard(fen)) = game.fen else {
        panic!()
    };
    let pieces: Vec<(char, &str, &str)> = fen
        .pieces
        .iter()
        .map(|p| (p.letter.letter, p.owner.as_str(), p.kind.as_str()))
        .collect();
    assert_eq!(pieces, vec![('P', "White", "Pawn"), ('k', "Black", "King")]);
    assert_eq!(fen.turn.len(), 2);
    let castling = fen.castling.unwrap();
    assert_eq!(castling.attribute.text, "never-moved");
    let rights: Vec<(char, usize)> = castling
        .rights
        .iter()
        .map(|(l, s)| (l.letter, s.len()))
        .collect();
    assert_eq!(rights, vec![('K', 2), ('q', 2)]);
    assert_eq!(fen.en_passant.unwrap().text, "ep");
}

#[test]
fn castling_with_rooks_anywhere_lowers() {
    let (game, errors) = game_of(
        "(fen standard (pieces (K White King)) (turn (w White)) \
         (castling moved (king King) (rook Rook) (K White e) (Q White w)))",
    );
    assert_eq!(errors, Vec::<String>::new());
    let Some(Fen::Standard(fen)) = game.fen else {
        panic!()
    };
    let castling = fen.castling.unwrap();
    assert_eq!(castling.king.unwrap().text, "King");
    assert_eq!(castling.rook.unwrap().text, "Rook");
    let rights: Vec<(char, Vec<&str>)> = castling
        .rights
        .iter()
        .map(|(l, rest)| (l.letter, rest.iter().map(|i| i.as_str()).collect()))
        .collect();
    assert_eq!(
        rights,
        vec![('K', vec!["White", "e"]), ('Q', vec!["White", "w"])]
    );
    assert_eq!(
        game_errors(
            "(fen standard (pieces (K White King)) (turn (w White)) \
             (castling moved (king King Queen)))"
        ),
        vec!["expected one piece type, found the form `(king ...)` @ (king King Queen)"]
    );
}

#[test]
fn game_mistakes_are_all_reported() {
    assert_eq!(
        game_errors(
            "(symetry White) foo ((x)) (board) (symmetry) (symmetry 1) (symmetry White (n) (n 2)) \
             (zone (players White)) (zone (name z) (players 1) (where a1) x)"
        ),
        vec![
            "unknown clause `symetry` in `game` (expected `name`, `board`, `players`, `symmetry`, `zone`, `fen`, `notation`, `unique-moves`, `attribute`, `turn-variable`, `royal`, `chance`, `attacks`, `win`, `loss`, `draw`, `evaluation`, `goal`, `captures-to-hand`, `pass`, `score`, `komi`, `superko`, `turns`, `seeds`, `end` or `search`) @ (symetry White)",
            "expected a clause such as `(players ...)`, found the symbol `foo` @ foo",
            "expected a clause such as `(players ...)`, found a list @ ((x))",
            "`board` takes 1 argument, found 0 @ (board)",
            "expected a player name, found the form `(symmetry ...)` @ (symmetry)",
            "expected a player name, found the number 1 @ 1",
            "expected a pair of directions such as `(nw se)`, found the form `(n ...)` @ (n)",
            "expected a direction name, found the number 2 @ 2",
            "expected a `(name ...)` clause, found the form `(zone ...)` @ (zone (players White))",
            "expected a player name, found the number 1 @ 1",
            "expected `(name ...)`, `(players ...)` or `(positions ...)`, found the form `(where ...)` @ (where a1)",
            "expected `(name ...)`, `(players ...)` or `(positions ...)`, found the symbol `x` @ x",
        ]
    );
    assert_eq!(
        game_errors(
            "(unique-moves) (attribute a) (attribute 1 true) (attribute a maybe) (turn-variable) \
             (turn-variable 1) (royal 1) (attacks sideways) (attacks forward)"
        ),
        vec![
            "`unique-moves` takes 1 argument, found 0 @ (unique-moves)",
            "`attribute` takes 2 arguments, found 1 @ (attribute a)",
            "expected an attribute name, found the number 1 @ 1",
            "expected `true` or `false`, found the symbol `maybe` @ maybe",
            "`turn-variable` takes 1 or 2 arguments, found 0 @ (turn-variable)",
            "expected a variable name, found the number 1 @ 1",
            "expected a piece type, found the number 1 @ 1",
            "expected `forward` or `reversible`, found the symbol `sideways` @ sideways",
            "a second `attacks` form @ (attacks forward)",
        ]
    );
    assert_eq!(
        game_errors("(unique-moves all) (win) (loss bored) (draw (repetition 0)) (draw (repetition)) (draw (quiet-moves)) (draw (quiet-moves x)) (draw (quiet-moves 5 1)) (draw (bored 1)) (draw 3)"),
        vec![
            "expected `actions`, `paths` or `effects`, found the symbol `all` @ all",
            "`win` takes 1 argument, found 0 @ (win)",
            "expected `no-moves`, `checkmated`, `stalemated`, `(repetition N)` or `(quiet-moves N PIECE ...)`, found the symbol `bored` @ bored",
            "expected a number of times (at least 1), found the number 0 @ 0",
            "`repetition` takes 1 argument, found 0 @ (repetition)",
            "expected `(quiet-moves N PIECE ...)`, found the form `(quiet-moves ...)` @ (quiet-moves)",
            "expected a number of moves (at least 1), found the symbol `x` @ x",
            "expected a piece type or `(while SIDE SIDE)`, found the number 1 @ 1",
            "expected `(repetition N)` or `(quiet-moves N PIECE ...)`, found the form `(bored ...)` @ (bored 1)",
            "expected `no-moves`, `checkmated`, `stalemated`, `(repetition N)` or `(quiet-moves N PIECE ...)`, found the number 3 @ 3",
        ]
    );
}

#[test]
fn a_material_condition_on_quiet_moves_lowers_and_its_mistakes_are_reported() {
    let (game, errors) =
        game_of("(draw (quiet-moves 32 Man (while (side (pieces 3) (King 1 3)) (side (King 1)))))");
    assert_eq!(errors, Vec::<String>::new());
    let GoalCondition::QuietMoves {
        plies,
        resets,
        material: Some(material),
    } = &game.goals[0].condition
    else {
        panic!("{:?}", game.goals[0].condition);
    };
    let kinds = |side: &crate::SideCount| {
        side.kinds
            .iter()
            .map(|(k, lo, hi)| (k.text.clone(), *lo, *hi))
            .collect::<Vec<_>>()
    };
    assert_eq!((*plies, resets.len()), (32, 1));
    assert_eq!(material.sides[0].pieces, Some((3, 3)));
    assert_eq!(kinds(&material.sides[0]), vec![("King".to_string(), 1, 3)]);
    assert_eq!(material.sides[1].pieces, None);
    assert_eq!(kinds(&material.sides[1]), vec![("King".to_string(), 1, 1)]);
    assert_eq!(
        game_errors(
            "(draw (quiet-moves 9 (while (side)))) (draw (quiet-moves 9 (while (side) (sides)))) \
             (draw (quiet-moves 9 (while (side (pieces 3 1)) (side)))) \
             (draw (quiet-moves 9 (while (side (King)) (side)))) \
             (draw (quiet-moves 9 (while (side (King -1)) (side)))) \
             (draw (quiet-moves 9 (while (side (pieces 1) (pieces 2)) (side))))"
        ),
        vec![
            "`while` takes 2 arguments, found 1 @ (while (side))",
            "expected `(side (pieces LO HI) (PIECE LO HI) ...)`, found the form `(sides ...)` @ (sides)",
            "expected a least count no greater than the most, found the form `(pieces ...)` @ (pieces 3 1)",
            "expected one or two counts (LO, or LO HI), found the form `(King ...)` @ (King)",
            "expected a count of pieces (0 or more), found the number -1 @ -1",
            "expected one `(pieces ...)` a side, found the form `(pieces ...)` @ (pieces 2)",
        ]
    );
}

#[test]
fn superko_lowers_and_its_mistakes_are_reported() {
    let text = "(superko positional)";
    let (game, errors) = game_of(text);
    assert_eq!(errors, Vec::<String>::new());
    let (superko, span) = game.superko.unwrap();
    assert_eq!(superko, Superko::Positional);
    assert_eq!(span.end - span.start, text.len());
    assert_eq!(
        game_errors("(superko)"),
        vec!["`superko` takes 1 argument, found 0 @ (superko)"]
    );
    assert_eq!(
        game_errors("(superko situational) (superko positional)"),
        vec![
            "expected `positional` or `draw`, found the symbol `situational` @ situational",
            "a second `superko` form @ (superko positional)",
        ]
    );
    let (game, errors) = game_of("(superko draw)");
    assert_eq!(errors, Vec::<String>::new());
    assert_eq!(game.superko.unwrap().0, Superko::Draw);
}

#[test]
fn turns_lower_and_their_mistakes_are_reported() {
    let names = |ids: &[Ident]| ids.iter().map(|i| i.text.clone()).collect::<Vec<_>>();
    let (game, errors) = game_of("(turns White repeat Black Black White White)");
    assert_eq!(errors, Vec::<String>::new());
    let turns = game.turns.unwrap();
    assert_eq!(names(&turns.once), ["White"]);
    assert_eq!(names(&turns.cycle), ["Black", "Black", "White", "White"]);
    // Without `repeat`, every turn cycles.
    let turns = game_of("(turns White White Black)").0.turns.unwrap();
    assert!(turns.once.is_empty());
    assert_eq!(names(&turns.cycle), ["White", "White", "Black"]);
    assert_eq!(
        game_errors("(turns)"),
        vec!["`turns` takes at least 1 argument, found 0 @ (turns)"]
    );
    assert_eq!(
        game_errors("(turns White Black repeat)"),
        vec!["expected a player after `repeat`, found the symbol `repeat` @ repeat"]
    );
    assert_eq!(
        game_errors("(turns White repeat Black repeat White)"),
        vec!["expected a player name (one `repeat` only), found the symbol `repeat` @ repeat"]
    );
    assert_eq!(
        game_errors("(turns White (Black move))"),
        vec!["expected a player name, found the form `(Black ...)` @ (Black move)"]
    );
    assert_eq!(
        game_errors("(turns White) (turns Black)"),
        vec!["a second `turns` form @ (turns Black)"]
    );
}

#[test]
fn search_lowers_and_its_mistakes_are_reported() {
    let (game, errors) = game_of("(search mcts)");
    assert_eq!(errors, Vec::<String>::new());
    assert_eq!(game.search.unwrap().0, Search::Mcts);
    let (game, errors) = game_of("(search alpha-beta)");
    assert_eq!(errors, Vec::<String>::new());
    assert_eq!(game.search.unwrap().0, Search::AlphaBeta);
    let (game, errors) = game_of("(search mcts-rave)");
    assert_eq!(errors, Vec::<String>::new());
    assert_eq!(game.search.unwrap().0, Search::MctsRave);
    assert_eq!(game_of("(name g)").0.search, None);
    assert_eq!(
        game_errors("(search uct) (search mcts)"),
        vec![
            "expected `alpha-beta`, `mcts` or `mcts-rave`, found the symbol `uct` @ uct",
            "a second `search` form @ (search mcts)",
        ]
    );
}

#[test]
fn fen_and_evaluation_mistakes_are_all_reported() {
    assert_eq!(
        game_errors("(fen) (fen pdn)"),
        vec![
            "expected a FEN style (`pdn`, `standard` or `sfen`), found the form `(fen ...)` @ (fen)",
            "a second `fen` form @ (fen pdn)",
        ]
    );
    assert_eq!(
        game_errors("(fen chess)"),
        vec![
            "expected the FEN style `pdn`, `standard` or `sfen`, found the symbol `chess` @ chess"
        ]
    );
    assert_eq!(
        game_errors("(fen pdn (WW White) (W) x (1 White) (man 1))"),
        vec![
            "expected a `(king PIECE)` pair, found the form `(fen ...)` @ (fen pdn (WW White) (W) x (1 White) (man 1))",
            "expected a one-letter colour such as `W`, found the symbol `WW` @ WW",
            "expected a pair such as `(W White)` or `(man Man)`, found the form `(W ...)` @ (W)",
            "expected `(LETTER PLAYER)`, `(man PIECE)` or `(king PIECE)`, found the symbol `x` @ x",
            "expected a colour letter, `man` or `king`, found the number 1 @ 1",
            "expected a piece type, found the number 1 @ 1",
        ]
    );
    assert_eq!(
        game_errors("(fen standard (turn (w White)) (pieces (PP White Pawn) (P White)) (castling) (en-passant) (clock 1))"),
        vec![
            "expected a one-letter name such as `P`, found the symbol `PP` @ PP",
            "expected `(LETTER PLAYER PIECE)`, found the form `(P ...)` @ (P White)",
            "expected an attribute name, found the form `(castling ...)` @ (castling)",
            "expected `(en-passant TURN-VARIABLE)`, found the form `(en-passant ...)` @ (en-passant)",
            "expected `(pieces ...)`, `(turn ...)`, `(castling ...)`, `(en-passant ...)`, `(piece-count ...)`, `(forbidden-ranks ...)`, `(hands)` or `(promoted ...)`, found the form `(clock ...)` @ (clock 1)",
        ]
    );
    assert_eq!(
        game_errors("(fen standard (turn (w White)))"),
        vec!["expected a `(pieces ...)` clause, found the form `(fen ...)` @ (fen standard (turn (w White)))"]
    );
    assert_eq!(
        game_errors("(evaluation (piece-values (Man) (1 2) (King 3000000000)) (piece-table) (piece-table Man 1 x) (mobility) (mobility many) (tempo 5) x) (evaluation)"),
        vec![
            "expected `(PIECE VALUE)`, found the form `(Man ...)` @ (Man)",
            "expected a piece type, found the number 1 @ 1",
            "expected a number between -2147483648 and 2147483647, found the number 3000000000 @ 3000000000",
            "expected `(piece-table PIECE [PLAYER] N ...)`, found the form `(piece-table ...)` @ (piece-table)",
            "expected a number, found the symbol `x` @ x",
            "`mobility` takes 1 argument, found 0 @ (mobility)",
            "expected a number, found the symbol `many` @ many",
            "expected `(piece-values ...)`, `(piece-table ...)`, `(seed-table ...)`, `(stack-values ...)`, `(formation ...)`, `(mobility N)`, `(phase ...)` or `(endgame ...)`, found the form `(tempo ...)` @ (tempo 5)",
            "expected `(piece-values ...)`, `(piece-table ...)`, `(seed-table ...)`, `(stack-values ...)`, `(formation ...)`, `(mobility N)`, `(phase ...)` or `(endgame ...)`, found the symbol `x` @ x",
            "a second `evaluation` form @ (evaluation)",
        ]
    );
    assert_eq!(
        game_errors("(evaluation (formation Man (nw) Man) (formation Man () Man 1) (formation Man nw Man 1) (formation Man (1) Man 1) (formation Man (nw) Man x) (endgame (formation (Man) (ne) Man 2) (mobility 1)))"),
        vec![
            "`formation` takes 4 arguments, found 3 @ (formation Man (nw) Man)",
            "expected `(DIR ...)`, the directions from the first piece to the second, found a list @ ()",
            "expected `(DIR ...)`, the directions from the first piece to the second, found the symbol `nw` @ nw",
            "expected a direction name, found the number 1 @ 1",
            "expected a number, found the symbol `x` @ x",
            "expected a piece type, found the form `(Man ...)` @ (Man)",
            "expected `(piece-values ...)`, `(piece-table ...)` or `(formation ...)`, found the form `(mobility ...)` @ (mobility 1)",
        ]
    );
}

#[test]
fn formations_lower_in_the_evaluation_and_its_endgame() {
    let (game, errors) = game_of(
        "(evaluation (formation King (n nw ne) Pawn 12) (endgame (formation Pawn (nw) Pawn -3)))",
    );
    assert_eq!(errors, Vec::<String>::new());
    let eval = game.evaluation.unwrap();
    let shown = |f: &Formation| {
        let dirs: Vec<&str> = f.dirs.iter().map(Ident::as_str).collect();
        (
            f.from.as_str().to_string(),
            dirs.join(" "),
            f.to.as_str().to_string(),
            f.weight,
        )
    };
    let opening: Vec<_> = eval.formations.iter().map(shown).collect();
    assert_eq!(
        opening,
        vec![("King".into(), "n nw ne".into(), "Pawn".into(), 12)]
    );
    let endgame: Vec<_> = eval.endgame.unwrap().formations.iter().map(shown).collect();
    assert_eq!(
        endgame,
        vec![("Pawn".into(), "nw".into(), "Pawn".into(), -3)]
    );
}

#[test]
fn players_mistakes_are_all_reported() {
    let (file, errors) = parse_text(
        "(game (name t) (players x () (1) (White (Man a1 \"b\") x (1 a1) ()) (Black (King c3))))",
    );
    assert_eq!(
        errors,
        vec![
            "expected a player clause such as `(White (Man a1 c1))`, found the symbol `x` @ x",
            "expected a player name, found a list @ ()",
            "expected a player name, found the number 1 @ 1",
            "expected a position name, found the string \"b\" @ \"b\"",
            "expected a piece list such as `(Man a1 c1)`, found the symbol `x` @ x",
            "expected a piece name, found the number 1 @ 1",
            "expected a piece name, found a list @ ()",
        ]
    );
    let players = &file.game().unwrap().players.as_ref().unwrap().players;
    let names: Vec<(&str, usize)> = players
        .iter()
        .map(|p| (p.name.as_str(), p.groups.len()))
        .collect();
    assert_eq!(names, vec![("White", 0), ("Black", 1)]);
    let (_, errors) = parse_text("(game (name t) (players))");
    assert_eq!(errors, vec!["the game has no players @ (players)"]);
    let (_, errors) = parse_text("(game (board b))");
    assert_eq!(
        errors,
        vec![
            "expected a `(name ...)` clause, found the form `(game ...)` @ (game (board b))",
            "expected a `(players ...)` clause, found the form `(game ...)` @ (game (board b))",
        ]
    );
}

/// Every error `parse` finds in the corpus of bad games is one `dagaz check` reports there,
/// with the same place and the same words (the compiler reports the others).
#[test]
fn errors_in_the_bad_corpus_read_as_the_checker_reports_them() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/bad/games");
    let mut checked = 0;
    let mut extra = Vec::new();
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    for path in paths {
        if path.extension().is_none_or(|e| e != "game") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let expected = std::fs::read_to_string(path.with_extension("expected")).unwrap();
        let Ok(nodes) = dagaz_sexpr::read(&text) else {
            continue;
        };
        let lines = LineIndex::new(&text);
        for e in parse(&nodes).1 {
            let at = lines.line_col(e.span.start);
            // The report's first line, then its location box.
            let line = format!("error: {e} [{}]", e.kind.code());
            let place = format!("╭─[ GAME:{at} ]");
            let lines: Vec<&str> = expected.lines().collect();
            let reported = lines.windows(2).any(|w| {
                // The compiler may add the nearest declared name: "; did you mean `x`?".
                let near = format!("error: {e}; did you mean ");
                (w[0] == line
                    || w[0].starts_with(&near) && w[0].ends_with(&format!("[{}]", e.kind.code())))
                    && w[1].trim_start().starts_with(&place)
            });
            if !reported {
                let name = path.file_name().unwrap().to_string_lossy().to_string();
                extra.push(format!("{name}: {line} at {at}"));
            }
            checked += 1;
        }
    }
    assert!(checked >= 15, "{checked}");
    assert_eq!(extra, Vec::<String>::new());
}

#[test]
fn the_shipped_games_lower_without_errors() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../games");
    let mut games = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "game") {
            continue; // the catalogue, README.md
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let nodes = dagaz_sexpr::read(&text).unwrap();
        let (nodes, errors) = resolve_includes(&nodes, &mut |name| {
            let text = std::fs::read_to_string(std::path::Path::new(dir).join(name))
                .map_err(|e| e.to_string())?;
            dagaz_sexpr::read(&text).map_err(|e| e.to_string())
        });
        assert_eq!(errors, vec![], "{}", path.display());
        let (file, errors) = parse(&nodes);
        assert_eq!(errors, vec![], "{}", path.display());
        assert!(file.game().is_some() && file.pieces().count() >= 1);
        // No macro use is left: every list statement is a known form.
        for piece in file.pieces() {
            let all = piece
                .moves
                .iter()
                .chain(&piece.drops)
                .chain([&piece.pre, &piece.post]);
            for block in all {
                assert!(block.stmts.iter().all(|s| !matches!(s, Stmt::Error(_))));
            }
        }
        games += 1;
    }
    assert!(games >= 35, "{games}"); // a floor: the library grows (issue #13)
}

mod properties {
    use super::*;
    use dagaz_sexpr::{Node, NodeKind};
    use proptest::prelude::*;

    /// Symbols: keywords mostly, so that forms get deep into lowering, and a few others.
    fn symbol() -> impl Strategy<Value = String> {
        prop_oneof![
            4 => proptest::sample::select(Keyword::ALL).prop_map(|k| k.text().to_string()),
            1 => proptest::sample::select(vec!["m", "x", "a1", "n", "White", "Man", "no-moves?"])
                .prop_map(str::to_string),
        ]
    }

    fn node() -> impl Strategy<Value = Node> {
        let leaf = prop_oneof![
            symbol().prop_map(NodeKind::Symbol),
            any::<i64>().prop_map(NodeKind::Int),
            "[a-z]{0,3}".prop_map(NodeKind::Str),
        ]
        .prop_map(|kind| Node::new(kind, Span::new(0, 1)));
        leaf.prop_recursive(8, 256, 6, |inner| {
            proptest::collection::vec(inner, 0..6)
                .prop_map(|items| Node::new(NodeKind::List(items), Span::new(0, 1)))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn parse_never_panics_on_any_forms(nodes in proptest::collection::vec(node(), 0..6)) {
            let (_, errors) = parse(&nodes);
            prop_assert!(errors.windows(2).all(|w| w[0].span.start <= w[1].span.start));
        }

        #[test]
        fn parse_never_panics_on_any_text(text in "[()a-z0-9 !?\"-]{0,200}") {
            if let Ok(nodes) = dagaz_sexpr::read(&text) {
                let (_, errors) = parse(&nodes);
                for e in errors {
                    prop_assert!(e.span.end <= text.len());
                }
            }
        }

        /// Macros over forms of the language: every expansion ends.
        #[test]
        fn parse_never_panics_on_macros(body in proptest::collection::vec(node(), 0..4), uses in proptest::collection::vec(node(), 0..4)) {
            let define = Node::new(
                NodeKind::List(
                    [
                        Node::new(NodeKind::Symbol("define".into()), Span::new(0, 1)),
                        Node::new(NodeKind::Symbol("m".into()), Span::new(0, 1)),
                        Node::new(NodeKind::List(vec![Node::new(NodeKind::Symbol("x".into()), Span::new(0, 1))]), Span::new(0, 1)),
                    ]
                    .into_iter()
                    .chain(body)
                    .collect(),
                ),
                Span::new(0, 1),
            );
            let piece = Node::new(
                NodeKind::List(
                    [
                        Node::new(NodeKind::Symbol("piece".into()), Span::new(0, 1)),
                        Node::new(
                            NodeKind::List(
                                [Node::new(NodeKind::Symbol("move".into()), Span::new(0, 1))]
                                    .into_iter()
                                    .chain(uses)
                                    .collect(),
                            ),
                            Span::new(0, 1),
                        ),
                    ]
                    .into_iter()
                    .collect(),
                ),
                Span::new(0, 1),
            );
            let _ = parse(&[define, piece]);
        }
    }
}

#[test]
fn a_bad_statement_still_shows_the_mistakes_inside_it() {
    assert_eq!(
        bad("(let 1 (frobnicate)) (set! 2 (not)) (set-attr 3 (-)) (inc! 4 (wibble))"),
        vec![
            "expected a variable name, found the number 1 @ 1",
            "unknown form `frobnicate` @ frobnicate",
            "expected a variable name, found the number 2 @ 2",
            "`not` takes 1 argument, found 0 @ (not)",
            "expected an attribute name, found the number 3 @ 3",
            "`-` takes at least 1 argument, found 0 @ (-)",
            "expected a variable name, found the number 4 @ 4",
            "unknown form `wibble` @ wibble",
        ]
    );
}

#[test]
fn statements_and_expressions_carry_their_spans() {
    let text = format!("(piece (name Man) (move (if x (log (+ 1 2)) else nw))) {GAME}");
    let (file, errors) = parse_text(&text);
    assert_eq!(errors, Vec::<String>::new());
    let stmt = &file.pieces().next().unwrap().moves[0].stmts[0];
    assert_eq!(stmt.span(), span_of(&text, "(if x (log (+ 1 2)) else nw)"));
    let Stmt::If(cond, then, Some(otherwise), _) = stmt else {
        panic!("{stmt:?}")
    };
    assert_eq!(cond.span(), within(&text, "(if x", "x"));
    let Stmt::Log(values, log) = &then.stmts[0] else {
        panic!()
    };
    assert_eq!(*log, span_of(&text, "(log (+ 1 2))"));
    assert_eq!(values[0].span(), span_of(&text, "(+ 1 2)"));
    assert_eq!(otherwise.stmts[0].span(), within(&text, "else nw", "nw"));
}

/// A file may hold a million top-level forms that are all errors (the reader's bound): each
/// costs one small item, not the size of a lowered board or piece (about 200 bytes before).
#[test]
fn a_top_level_item_is_small() {
    assert_eq!(std::mem::size_of::<Item>(), 24);
}

#[test]
fn a_goal_may_be_named_by_a_string_after_its_result() {
    let (game, errors) = game_of(
        r#"(goal win "three in a row" (check is-friend?)) (goal draw (check is-enemy?))
           (draw "the board is full" no-moves) (loss checkmated)
           (draw "the fifty-move rule" (quiet-moves 100)) (end "all passed" no-moves)"#,
    );
    assert_eq!(errors, Vec::<String>::new());
    let named: Vec<Option<&str>> = game
        .goal_programs
        .iter()
        .map(|g| g.name.as_deref())
        .collect();
    assert_eq!(named, [Some("three in a row"), None]);
    // The name is not a statement: the first goal's body is its one check.
    assert_eq!(game.goal_programs[0].body.stmts.len(), 1);
    let named: Vec<(Option<&str>, &GoalCondition)> = game
        .goals
        .iter()
        .map(|g| (g.name.as_deref(), &g.condition))
        .collect();
    assert_eq!(
        named[0],
        (Some("the board is full"), &GoalCondition::NoMoves)
    );
    assert_eq!(named[1], (None, &GoalCondition::Checkmated));
    assert_eq!(named[2].0, Some("the fifty-move rule"));
    assert_eq!(named[3], (Some("all passed"), &GoalCondition::NoMoves));
}

#[test]
fn a_goal_name_out_of_place_is_an_error() {
    // After the condition rather than before it: one argument too many.
    let (_, errors) = game_of(r#"(draw no-moves "the board is full")"#);
    assert_eq!(errors.len(), 1, "{errors:?}");
    // Before the result of a `goal`: not a result.
    let (_, errors) = game_of(r#"(goal "three in a row" win (check true))"#);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("`win`, `loss` or `draw`"), "{errors:?}");
}

#[test]
fn captures_to_hand_reads_to_owner_before_its_demotions() {
    let (game, errors) = game_of("(captures-to-hand to-owner (Tokin Pawn))");
    assert_eq!(errors, Vec::<String>::new());
    let rule = game.captures_to_hand.expect("the clause");
    assert!(rule.to_owner);
    let pairs: Vec<(&str, &str)> = rule
        .demotions
        .iter()
        .map(|(from, to)| (from.text.as_str(), to.text.as_str()))
        .collect();
    assert_eq!(pairs, [("Tokin", "Pawn")]);
    let (game, _) = game_of("(captures-to-hand (Tokin Pawn))");
    assert!(!game.captures_to_hand.expect("the clause").to_owner);
}

#[test]
fn chance_names_players_and_weight_takes_one_number() {
    let (game, errors) = game_of("(chance Dice) (chance Coin Die)");
    assert_eq!(errors, Vec::<String>::new());
    let names: Vec<&str> = game.chance.iter().map(|p| p.text.as_str()).collect();
    assert_eq!(names, ["Dice", "Coin", "Die"]);
    let (_, errors) = game_of("(chance 3)");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(
        bad("(weight) (weight 1 2)"),
        [
            "`weight` takes 1 argument, found 0 @ (weight)",
            "`weight` takes 1 argument, found 2 @ (weight 1 2)",
        ]
    );
}
