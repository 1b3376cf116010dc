#!/usr/bin/env bash
# The resource budget of issue #17, checked: every input below must end within 10 s and 1 GiB
# of address space, under default limits, with exit code 0 or 2 (protocol sessions: 0).
#
#   scripts/budget.sh            build the release binary, run every case, print a line each
#                                and a summary; exit 1 when any case breaks the budget
#   scripts/budget.sh --no-build use the binary as it is
#
# Each case runs as `timeout 10 prlimit --as=1073741824 dagaz ...`, timed by `/usr/bin/time`
# (wall time and maximum resident set). The inputs are every file in tests/bad/games and
# generated bombs: deep nesting, millions of forms, macro blow-up, a huge single line, many
# lines, /dev/zero, a 70 MB file, bytes that are not UTF-8, runaway rules, long FENs and
# move lists, and UCI and Hub sessions with absurd numbers, endless lines and searches that
# only `stop` or `quit` end. Needs bash, coreutils, util-linux (prlimit) and GNU time.
set -u
cd "$(dirname "$0")/.."

LIMIT_BYTES=1073741824
LIMIT_SECONDS=10
BIN="${CARGO_TARGET_DIR:-target}/release/dagaz"
if [ "${1:-}" != "--no-build" ]; then
    cargo build --release --locked -p dagaz-cli || exit 1
fi
for tool in prlimit timeout /usr/bin/time; do
    command -v "$tool" > /dev/null || { echo "budget.sh: $tool is needed" >&2; exit 1; }
done

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

cases=0
failed=0
max_seconds=0
max_kb=0
slowest=""
biggest=""

# run NAME ALLOWED_CODES STDIN DAGAZ_ARGS...: one case, one line of output.
run() {
    local name="$1" allowed="$2" stdin="$3"
    shift 3
    /usr/bin/time -f '%e %M' -o "$WORK/time" \
        timeout "$LIMIT_SECONDS" prlimit --as="$LIMIT_BYTES" "$BIN" "$@" \
        < "$stdin" > /dev/null 2> "$WORK/stderr"
    local code=$?
    local seconds kb
    read -r seconds kb < <(tail -n 1 "$WORK/time")
    local verdict="ok"
    if ! [[ " $allowed " == *" $code "* ]]; then
        verdict="FAIL (exit $code, expected $allowed)"
    elif [ "$kb" -gt $((LIMIT_BYTES / 1024)) ]; then
        verdict="FAIL (memory)"
    fi
    cases=$((cases + 1))
    if [ "$verdict" != "ok" ]; then
        failed=$((failed + 1))
        head -c 300 "$WORK/stderr" | sed 's/^/    | /'
    fi
    if awk -v a="$seconds" -v b="$max_seconds" 'BEGIN { exit !(a > b) }'; then
        max_seconds="$seconds"
        slowest="$name"
    fi
    if [ "$kb" -gt "$max_kb" ]; then
        max_kb="$kb"
        biggest="$name"
    fi
    printf '%-44s exit %3s  %6.2f s  %5d MB  %s\n' "$name" "$code" "$seconds" $((kb / 1024)) "$verdict"
}

# repeat TEXT COUNT: TEXT written COUNT times, without separators.
repeat() {
    yes "$1" | head -n "$2" | tr -d '\n'
}

G="$WORK/g"
mkdir -p "$G"
BOARD='(board (name b) (dim "a-c") (dim "3-1") (dir (name n) 0 -1))'
PIECE='(piece (name Man) (pre (check is-friend?) (take)) (move (check n) (check is-empty?)) (post (drop)))'
GAME='(game (name t) (players (White (Man a1))))'

# Deep nesting: a million open lists, and lists nested as deep as allowed, over and over.
head -c 1000000 /dev/zero | tr '\0' '(' > "$G/deep-open.game"
{ echo "$BOARD $PIECE $GAME"; repeat "$(printf '(%.0s' {1..199})$(printf ')%.0s' {1..199})" 100000; } > "$G/deep-many.game"
# Millions of forms: atoms, empty lists, statements, player entries.
{ echo "$BOARD $GAME (piece (name Man) (move "; repeat '1 ' 5000000; echo '))'; } > "$G/forms-atoms.game"
{ echo "$BOARD $GAME (x "; repeat '()' 5000000; echo ')'; } > "$G/forms-lists.game"
{ echo "$BOARD $GAME (piece (name Man) (move "; repeat '(take)' 900000; echo '))'; } > "$G/forms-statements.game"
{ echo "$BOARD $PIECE (game (name t) (players (White (Man "; repeat 'a1 ' 900000; echo '))))'; } > "$G/forms-players.game"
{ echo "$BOARD $PIECE $GAME"; repeat 'zz ' 990000; } > "$G/forms-toplevel-errors.game"
{ echo "$BOARD $PIECE $GAME"; repeat "$(head -c 60 /dev/zero | tr '\0' 'z') " 990000; } > "$G/forms-toplevel-long-errors.game"
# Macro blow-up: each macro uses the one before twice, 40 deep.
{
    echo "$BOARD (define m0 () (check n))"
    for i in $(seq 1 40); do echo "(define m$i () (m$((i - 1))) (m$((i - 1))))"; done
    echo "(piece (name Man) (move (m40))) $GAME"
} > "$G/macro-doubling.game"
{ echo "$BOARD (define f () (while true (check n) (f))) (piece (name Man) (move (f))) $GAME"; } > "$G/macro-recursive.game"
# A huge single line: 300,000 problems on a 2.7 MB line; 900,000 unknown positions (60 MB).
{ printf '%s' "$BOARD (piece (name Man) (move "; repeat '(frob x) ' 300000; echo "))) $GAME"; } > "$G/line-300k-errors.game"
{ printf '%s' "$BOARD $PIECE (game (name t) (players (White (Man a1 "; repeat "$(head -c 64 /dev/zero | tr '\0' 'q') " 900000; echo '))))'; } > "$G/line-60mb-unknown.game"
{ printf '%s' "$BOARD (piece (name Man) (move (log \""; head -c 60000000 /dev/zero | tr '\0' 'x'; printf '") '; repeat '(frob)' 300; echo ")) $GAME"; } > "$G/line-60mb-string-then-errors.game"
# Many lines: 60 million line ends, then an error.
{ head -c 60000000 /dev/zero | tr '\0' '\n'; echo "$BOARD $PIECE (game (name t) (players (White (Man zz))))"; } > "$G/lines-60m.game"
# Sizes: a 70 MB file, 63 MB of comment before a good game, bytes that are not UTF-8.
head -c 73400320 /dev/zero | tr '\0' ' ' > "$G/size-70mb.game"
{ printf ';'; head -c 63000000 /dev/zero | tr '\0' 'x'; echo; cat games/simple-checkers.game; } > "$G/size-63mb-comment.game"
{ cat games/chess.game; printf '(piece (name \xff\xfe))\n'; } > "$G/not-utf8.game"
# Rules that run away: a loop, a notation that grows, drops and takes, choices.
echo "$BOARD (piece (name Man) (move (while true))) $GAME" > "$G/rule-loop.game"
echo "$BOARD (piece (name Man) (pre (take)) (move (while true (log position) (end-move))) (post (drop))) (game (name t) (players (White (Man a1))) (unique-moves paths))" > "$G/rule-notation.game"
echo "$BOARD (piece (name Man) (move (while true (take) (drop) (log position) (end-move)))) $GAME" > "$G/rule-drop-take.game"
echo "$BOARD (piece (name Man) (pre (take)) (move (while true (let d (any n n n n)) (log d) (end-move))) (post (drop))) (game (name t) (players (White (Man a1 b1 c1 a2 b2 c2))) (unique-moves paths))" > "$G/rule-choices.game"

echo "== game files (exit 0 or 2)"
for f in tests/bad/games/*.game games/*.game "$G"/*.game; do
    name="$(basename "$f" .game)"
    run "check $name" "0 2" /dev/null check "$f"
    run "moves $name" "0 2" /dev/null moves "$f"
done
for f in "$G"/*.game; do
    run "check --format json $(basename "$f" .game)" "0 2" /dev/null check --format json "$f"
done

# Zillions files (#58): ZRF macros that blow up or call themselves, a 55 MB file, a grid of
# 160,000 positions, a million open lists, and the project's own ZRF files.
Z="$WORK/z"
mkdir -p "$Z"
ZMOVES='(moves (n (verify empty?) add))'
zgame() {
    echo "(game (title \"t\") (players A B) (board (grid (dimensions (\"$2\" (1 0)) (\"$3\" (0 1))) (directions (n 0 -1)))) (piece (name M) $1) (board-setup (A (M a1)) (B (M c3))))"
}
{
    echo '(define m0 (n (verify empty?) add))'
    for i in $(seq 1 40); do echo "(define m$i (m$((i - 1))) (m$((i - 1))))"; done
    zgame '(moves (m40))' a/b/c 3/2/1
} > "$Z/macro-doubling.zrf"
{ echo '(define f ((f) (f)))'; zgame '(moves (f))' a/b/c 3/2/1; } > "$Z/macro-recursive.zrf"
{ printf ';'; head -c 55000000 /dev/zero | tr '\0' 'x'; echo; zgame "$ZMOVES" a/b/c 3/2/1; } > "$Z/size-55mb-comment.zrf"
zgame "$ZMOVES" "$(seq -s/ 1 400 | sed 's|[0-9]*|x&|g')" "$(seq -s/ 1 400)" > "$Z/grid-160000.zrf"
head -c 1000000 /dev/zero | tr '\0' '(' > "$Z/deep-open.zrf"
echo "== Zillions files (exit 0 or 2)"
for f in tests/data/zrf/*.zrf "$Z"/*.zrf; do
    run "check $(basename "$f")" "0 2" /dev/null check "$f"
    run "moves $(basename "$f")" "0 2" /dev/null moves "$f"
done
run "check /dev/zero" "2" /dev/null check /dev/zero
run "moves /dev/zero" "2" /dev/null moves /dev/zero
run "perft rule-notation depth 3" "0 2" /dev/null perft "$G/rule-notation.game" --depth 3
run "perft rule-choices depth 3" "0 2" /dev/null perft "$G/rule-choices.game" --depth 3

echo "== positions (exit 0 or 2)"
CHESS=games/chess.game
INTL=games/international.game
run "fen 120 KB of digits" "2" /dev/null moves "$CHESS" --fen "$(head -c 120000 /dev/zero | tr '\0' '8')"
run "fen 120 KB of ranks" "2" /dev/null moves "$CHESS" --fen "$(repeat '8/' 60000) w - - 0 1"
run "fen huge counters" "2" /dev/null moves "$CHESS" --fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999999 99999999999999999999"
run "fen 120 KB of fields" "2" /dev/null moves "$CHESS" --fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 $(repeat 'x ' 60000)"
run "pdn fen 20,000 squares" "2" /dev/null moves "$INTL" --fen "W:W$(seq -s, 1 20000):B1"
run "pdn fen 120 KB range" "2" /dev/null moves "$INTL" --fen "W:W1-$(head -c 120000 /dev/zero | tr '\0' '9'):B50"
run "setup 120 KB" "2" /dev/null moves games/simple-checkers.game --setup "(White (Man $(repeat 'c3 ' 40000))) (turn White)"
# shellcheck disable=SC2046
run "moves 8,000 shuffles" "0 2" /dev/null moves "$CHESS" --moves $(repeat 'g1f3 g8f6 f3g1 f6g8 ' 2000)
# shellcheck disable=SC2046
run "moves 20,000 illegal" "2" /dev/null moves "$CHESS" --moves e2e4 $(repeat 'e2e4 ' 20000)

echo "== protocol sessions (exit 0)"
S="$WORK/s"
mkdir -p "$S"
cat > "$S/uci-absurd" <<'EOF'
uci
isready
go depth 99999999999999999999999
go depth 0
go nodes 0
go movetime 1e30
go movetime -1
go wtime 99999999999999999999999999 btime 1
go wtime 31622400000 winc 31622400000 movestogo 1 depth 2
go mate 99999
go perft 99999
setoption name Hash value 999999999999
setoption name Hash value 0
setoption name Hash value -5
position fen 8/8/8/8/8/8/8/8 w - - 0 99999999999999999999
position startpos moves e2e4 e2e4
go depth 2
isready
quit
EOF
printf 'go perft 64\nisready\nquit\n' > "$S/uci-perft-64-quit"
printf 'go perft 64\nisready\nstop\ngo depth 1\n' > "$S/uci-perft-64-stop"
printf 'go depth 64\nisready\nstop\nquit\n' > "$S/uci-depth-64-stop"
printf 'go infinite\nisready\n' > "$S/uci-infinite-eof"
printf 'go movetime 31622400000\ngo movetime 31622400000\nisready\nquit\n' > "$S/uci-two-long-go"
{ printf 'position startpos moves '; repeat 'g1f3 g8f6 f3g1 f6g8 ' 5000; printf '\ngo depth 2\nquit\n'; } > "$S/uci-20000-moves"
{ printf 'position startpos moves e2e4 '; repeat 'e7e5 ' 100000; printf '\nisready\nquit\n'; } > "$S/uci-100000-bad-moves"
{ printf 'position fen '; head -c 1000000 /dev/zero | tr '\0' '8'; printf '\nisready\nquit\n'; } > "$S/uci-fen-1mb"
{ printf 'isready\n'; head -c 5000000 /dev/zero | tr '\0' 'x'; printf '\nisready\nquit\n'; } > "$S/uci-5mb-line"
head -c 100000000 /dev/zero > "$S/zero-100mb"
{ printf 'isready\n\xff\xfe\xfd\nisready\nquit\n'; } > "$S/uci-not-utf8"
cat > "$S/hub-absurd" <<'EOF'
hub
init
level time=1 inc=1e30
go think
level move-time=1e19
go think
level depth=99999999999
level nodes=0
level time=-1
level moves=99999999999
set-param name=hash value=999999999999
pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwwwxxxxxxxx
pos moves="32-28 32-28"
level depth=2
go think
ping
quit
EOF
printf 'level depth=64\ngo think\nping\nstop\nquit\n' > "$S/hub-depth-64-stop"
printf 'go analyze\nping\n' > "$S/hub-analyze-eof"
{ printf 'pos moves="'; repeat '32-28 ' 100000; printf '"\nping\nquit\n'; } > "$S/hub-100000-bad-moves"
for s in "$S"/uci-*; do run "uci $(basename "$s")" "0" "$s" uci "$CHESS"; done
run "uci zero-100mb" "0" "$S/zero-100mb" uci "$CHESS"
for s in "$S"/hub-*; do run "hub $(basename "$s")" "0" "$s" hub "$INTL"; done
run "hub zero-100mb" "0" "$S/zero-100mb" hub "$INTL"

echo "== summary"
echo "$cases cases, $failed over the budget; slowest $max_seconds s ($slowest), largest $((max_kb / 1024)) MB ($biggest)"
[ "$failed" -eq 0 ]
