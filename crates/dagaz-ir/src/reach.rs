//! Rays: the parts of a chain that an attack test can answer by walking the board instead of
//! running the chain.
//!
//! The reversible attack test (see `dagaz-engine`'s legality) stands a piece of type T on the
//! position asked about and runs T's chain there: the position is attacked when one of those
//! moves captures an enemy T. For most pieces of most games a part of that run is a ray: one
//! step (a leap) or a line of steps over empty positions (a slide) in one direction, onto a
//! position that is not a friend's, after which `post` drops the piece there. Its answer is
//! then "the first piece along the ray is an enemy T", and the positions it read are those up
//! to that piece. [`Reach::of`] proves which parts are rays from the commands alone, so the
//! engine may walk them; everything it cannot prove stays with the processor.
//!
//! The shapes it accepts are the ones the compiler emits for `(check d) (check not-friend?)`
//! (or `is-enemy?`) and for the `while` loop of a slide; anything else makes the part
//! unproven. Each shape has the same moves, reads and captures as the commands it replaces,
//! given what is proven about `pre` and `post` (see [`Reach::of`]).

use crate::op::{Op, Target};
use crate::parts::{Clause, Guard, Parts};
use crate::value::{Dir, Value};

/// One ray of an attack test's part: from the position asked about, a step in `dir` (as the
/// defender sees it), and with `slides` further steps while the positions passed are empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ray {
    /// The direction, as the chain names it (the player's symmetry still applies).
    pub dir: Dir,
    /// Whether the ray goes on over empty positions (a slide) or stops after one step.
    pub slides: bool,
}

/// The rays of one `move` clause (or of a chain with a guarded choice and no clauses): of all
/// of it, and of each constant of the guarded choice it opens with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClauseRays {
    /// The rays of the whole clause.
    pub all: Vec<Ray>,
    /// The rays of each constant of the guarded choice the clause opens with (empty when it
    /// opens with none).
    pub alts: Vec<Vec<Ray>>,
}

/// Which parts of a piece type's chain are rays (see the module documentation), in the terms
/// of [`Parts`]: an attack test's part `(clause, alt)` looks its rays up with [`Reach::part`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    /// The whole chain, when at least one of its clauses is rays.
    pub whole: Option<Whole>,
    /// By `move` clause ([`Parts::Clauses`]), or the chain's one guarded choice at index 0
    /// ([`Parts::Choice`]): its rays, when all of it is rays.
    pub clauses: Vec<Option<ClauseRays>>,
}

/// The whole chain as an attack test may take it: the rays of its clauses that are rays, and
/// the clauses that can capture and are not rays, to run (each alone, as the part
/// `(Some(clause), None)`). The chain's answer is whether a ray or a run finds an attack.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Whole {
    /// The rays of the clauses proven rays.
    pub rays: Vec<Ray>,
    /// The other clauses that can capture, by index (empty when the whole chain is rays).
    pub runs: Vec<u16>,
}

impl Reach {
    /// The rays of an attack test's part: the whole chain, one clause, or one constant of a
    /// clause's (or the chain's) guarded choice; `None` when that part is not proven a ray.
    pub fn part(&self, clause: Option<u16>, alt: Option<u16>) -> Option<&[Ray]> {
        match (clause, alt) {
            (None, None) => self
                .whole
                .as_ref()
                .filter(|w| w.runs.is_empty())
                .map(|w| w.rays.as_slice()),
            (c, alt) => {
                let rays = self.clauses.get(c.unwrap_or(0) as usize)?.as_ref()?;
                match alt {
                    None => Some(&rays.all),
                    Some(a) => rays.alts.get(a as usize).map(Vec::as_slice),
                }
            }
        }
    }

    /// The rays of a compiled chain with these parts.
    ///
    /// Nothing is a ray unless `pre` (the commands before the choice among clauses, or before
    /// the guarded choice) lifts the piece and cannot fail once the defender's piece stands
    /// there, and `post` cannot fail and drops the piece where the move ended on every path
    /// (so a ray's last position, when an enemy holds it, is captured). A clause that `parts`
    /// marks quiet never captures and adds no ray to the whole.
    pub fn of(ops: &[Op], clauses: &[(u32, Clause)], guards: &[Guard], parts: &Parts) -> Reach {
        let post = clauses
            .iter()
            .find(|(_, c)| *c == Clause::Post)
            .map_or(ops.len(), |&(start, _)| start as usize);
        let entry = match parts {
            Parts::Whole => return Reach::default(),
            Parts::Choice { pc, .. } => *pc,
            Parts::Clauses { entry, .. } => *entry,
        };
        if !pre_lifts(ops.get(..entry).unwrap_or(&[])) || !post_drops(ops, post) {
            return Reach::default();
        }
        let clause = |start: usize, end: usize| -> Option<ClauseRays> {
            let all = body_rays(ops, guards, start, end, post, None)?;
            let alts = match ops.get(start) {
                Some(Op::AnyGuarded(g)) => {
                    let n = guards.get(*g as usize)?.values.len();
                    (0..n)
                        .map(|a| body_rays(ops, guards, start, end, post, Some(a)))
                        .collect::<Option<Vec<_>>>()?
                }
                _ => Vec::new(),
            };
            Some(ClauseRays { all, alts })
        };
        match parts {
            Parts::Whole => Reach::default(),
            Parts::Choice { pc, .. } => {
                let rays = clause(*pc, post);
                Reach {
                    whole: rays.as_ref().map(|r| Whole {
                        rays: r.all.clone(),
                        runs: Vec::new(),
                    }),
                    clauses: vec![rays],
                }
            }
            Parts::Clauses { bodies, quiet, .. } => {
                // A clause ends where the next one starts (with its `Fork`, but for the last).
                let ends = clauses
                    .iter()
                    .filter(|(_, c)| matches!(c, Clause::Move(_) | Clause::Drops(_)))
                    .skip(1)
                    .map(|&(start, _)| start as usize);
                let found: Vec<Option<ClauseRays>> = bodies
                    .iter()
                    .zip(ends.chain(std::iter::once(post)))
                    .map(|(&(body, _), end)| clause(body, end))
                    .collect();
                let mut whole = Whole::default();
                for (j, (rays, &quiet)) in found.iter().zip(quiet).enumerate() {
                    match rays {
                        _ if quiet => {}
                        Some(rays) => whole.rays.extend_from_slice(&rays.all),
                        None => whole.runs.push(j as u16),
                    }
                }
                let any_rays = found.iter().any(Option::is_some);
                Reach {
                    whole: any_rays.then_some(whole),
                    clauses: found,
                }
            }
        }
    }
}

/// Whether `pre` lifts the piece it starts on exactly once and cannot fail when that piece is
/// the defender's: it only tests for a friend before the lift, reads the piece's attributes,
/// and notes values.
fn pre_lifts(pre: &[Op]) -> bool {
    let mut lifted = false;
    for op in pre {
        match op {
            Op::CheckFriend if !lifted => {}
            Op::Take if !lifted => lifted = true,
            Op::Position
            | Op::Log(_)
            | Op::LocalSet(_)
            | Op::LocalConst(..)
            | Op::AttrAt(_)
            | Op::Push(_)
            | Op::Pop => {}
            _ => return false,
        }
    }
    lifted
}

/// Whether `post` (from `start` to the end of the chain) cannot fail, never moves, and drops
/// the held piece on every path before `Complete`: its commands only read the position, note
/// values, promote or mark the held piece, and branch forwards.
fn post_drops(ops: &[Op], start: usize) -> bool {
    // Walks every path; `dropped` per path. Forward jumps only, so the walk ends.
    let mut todo: Vec<(usize, bool)> = vec![(start, false)];
    let mut paths = 0;
    while let Some((mut pc, mut dropped)) = todo.pop() {
        paths += 1;
        if paths > MAX_PATHS {
            return false;
        }
        loop {
            let Some(op) = ops.get(pc) else { return false };
            match *op {
                Op::Complete => {
                    if !dropped {
                        return false;
                    }
                    break;
                }
                Op::Drop if !dropped => dropped = true,
                Op::Jmp(t) if forward(pc, t) => {
                    pc = t as usize;
                    continue;
                }
                Op::JmpIfFalse(t) | Op::Fork(t) if forward(pc, t) => {
                    todo.push((t as usize, dropped));
                }
                Op::Position
                | Op::PieceAt
                | Op::InZone(_)
                | Op::Log(_)
                | Op::Push(Value::Piece(_) | Value::Bool(_))
                | Op::PromoteTo
                | Op::SetAttr(_)
                | Op::Pop => {}
                _ => return false,
            }
            pc += 1;
        }
    }
    true
}

/// The most paths a proof walks before it gives up (the chain is then not proven).
const MAX_PATHS: usize = 64;

fn forward(pc: usize, t: Target) -> bool {
    t as usize > pc
}

/// The rays of one clause's body, `start..end` (`post` starts at `post`): every path from
/// `start` must end in a ray's shape. With `alt`, the body must open with a guarded choice,
/// and only its constant `alt` is followed.
fn body_rays(
    ops: &[Op],
    guards: &[Guard],
    start: usize,
    end: usize,
    post: usize,
    alt: Option<usize>,
) -> Option<Vec<Ray>> {
    if alt.is_some() && !matches!(ops.get(start), Some(Op::AnyGuarded(_))) {
        return None;
    }
    let inside = |pc: usize| (start..end).contains(&pc);
    // A path: where it is, and the local a guarded choice set (its slot and constant).
    let mut todo: Vec<(usize, Option<(u16, Value)>)> = vec![(start, None)];
    let mut rays = Vec::new();
    let mut paths = 0;
    while let Some((pc, local)) = todo.pop() {
        paths += 1;
        if paths > MAX_PATHS || !inside(pc) {
            return None;
        }
        match *ops.get(pc)? {
            Op::AnyGuarded(g) => {
                if local.is_some() {
                    return None;
                }
                let guard = guards.get(g as usize)?;
                let values = match alt {
                    Some(a) if pc == start => std::slice::from_ref(guard.values.get(a)?),
                    _ => guard.values.as_slice(),
                };
                // Pushed in reverse, so the rays come out in the choice's order.
                for &v in values.iter().rev() {
                    todo.push((pc + 1, Some((guard.slot, v))));
                }
            }
            Op::Fork(t) if forward(pc, t) => {
                todo.push((t as usize, local));
                todo.push((pc + 1, local));
            }
            Op::Jmp(t) if forward(pc, t) => todo.push((t as usize, local)),
            step @ (Op::Nav(_) | Op::CheckLocal(_)) => {
                let dir = match (step, local) {
                    (Op::Nav(d), _) => d,
                    (Op::CheckLocal(s), Some((slot, Value::Dir(d)))) if s == slot => d,
                    _ => return None,
                };
                rays.push(ray_at(ops, pc, step, dir, post)?);
            }
            _ => return None,
        }
    }
    Some(rays)
}

/// The ray whose step is the command at `pc`: a leap, `step`, a test that the position is no
/// friend's (or is an enemy's), then `post`; or a slide, `step`, `CheckNotFriend`, then
/// `EndMove` to a loop of `CheckEmpty`, the same step and `CheckNotFriend` back to it, with
/// `post` where the `EndMove` finishes.
fn ray_at(ops: &[Op], pc: usize, step: Op, dir: Dir, post: usize) -> Option<Ray> {
    let to_post = |at: usize| at == post || ops.get(at) == Some(&Op::Jmp(post as Target));
    // Alternative steps of one `(check (any d1 d2))` jump to their common test.
    let at_test = match ops.get(pc + 1)? {
        Op::Jmp(t) if forward(pc + 1, *t) => *t as usize,
        _ => pc + 1,
    };
    let test = ops.get(at_test)?;
    if !matches!(test, Op::CheckNotFriend | Op::CheckEnemy) {
        return None;
    }
    if to_post(at_test + 1) {
        return Some(Ray { dir, slides: false });
    }
    if at_test != pc + 1 {
        return None;
    }
    let end_move = pc + 2;
    let go_on = pc + 4;
    let slide = [
        Op::EndMove(go_on as Target),
        Op::Jmp(post as Target),
        Op::CheckEmpty,
        step,
        Op::CheckNotFriend,
        Op::Jmp(end_move as Target),
    ];
    (*test == Op::CheckNotFriend && ops.get(end_move..end_move + slide.len())? == slide)
        .then_some(Ray { dir, slides: true })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::PieceKind;

    fn d(i: u8) -> Dir {
        Dir(i)
    }

    fn guard(values: &[u8]) -> Guard {
        Guard {
            slot: 0,
            values: values.iter().map(|&i| Value::Dir(d(i))).collect(),
            len: 2,
        }
    }

    /// `pre` that lifts the piece, as the shipped games write it.
    const PRE: [Op; 4] = [Op::CheckFriend, Op::Take, Op::Position, Op::Log(1)];

    fn clauses(post: u32) -> Vec<(u32, Clause)> {
        vec![(4, Clause::Move(1)), (post, Clause::Post)]
    }

    /// A bishop-like slider with a guarded choice of `dirs`: pre, the slide, then `post`.
    fn slider(post_ops: &[Op]) -> (Vec<Op>, Vec<(u32, Clause)>) {
        let mut ops = PRE.to_vec();
        ops.extend([
            Op::AnyGuarded(0),
            Op::CheckLocal(0),
            Op::CheckNotFriend,
            Op::EndMove(9),
            Op::Jmp(13),
            Op::CheckEmpty,
            Op::CheckLocal(0),
            Op::CheckNotFriend,
            Op::Jmp(7),
        ]);
        ops.extend_from_slice(post_ops);
        (ops, clauses(13))
    }

    const LAND: [Op; 4] = [Op::Position, Op::Log(1), Op::Drop, Op::Complete];

    #[test]
    fn a_slider_is_a_ray_per_direction() {
        let (ops, clauses) = slider(&LAND);
        let guards = [guard(&[1, 2])];
        let parts = Parts::of(&ops, &clauses, &guards, true);
        assert_eq!(parts, Parts::Choice { pc: 4, n: 2 });
        let reach = Reach::of(&ops, &clauses, &guards, &parts);
        let ray = |i| Ray {
            dir: d(i),
            slides: true,
        };
        assert_eq!(reach.part(None, None), Some(&[ray(1), ray(2)][..]));
        assert_eq!(reach.part(None, Some(1)), Some(&[ray(2)][..]));
        assert_eq!(reach.part(None, Some(2)), None);
    }

    #[test]
    fn a_post_that_may_not_drop_or_may_move_proves_nothing() {
        let guards = [guard(&[1, 2])];
        for post in [
            vec![Op::Position, Op::Log(1), Op::Complete],
            vec![Op::Nav(d(0)), Op::Drop, Op::Complete],
            vec![Op::InZone(0), Op::JmpIfFalse(16), Op::Drop, Op::Complete],
            vec![Op::Capture, Op::Drop, Op::Complete],
        ] {
            let (ops, clauses) = slider(&post);
            let parts = Parts::of(&ops, &clauses, &guards, false);
            let reach = Reach::of(&ops, &clauses, &guards, &parts);
            assert_eq!(reach, Reach::default(), "{post:?}");
        }
        // A promotion on some paths, a drop on all: proven.
        let post = [
            Op::InZone(0),
            Op::JmpIfFalse(19),
            Op::Push(Value::Piece(PieceKind(1))),
            Op::PromoteTo,
            Op::Drop,
            Op::Jmp(20),
            Op::Drop,
            Op::Complete,
        ];
        let (ops, clauses) = slider(&post);
        let parts = Parts::of(&ops, &clauses, &guards, true);
        assert!(Reach::of(&ops, &clauses, &guards, &parts)
            .part(None, None)
            .is_some());
    }

    /// The reach of a chain of `pre`, `Clauses`, two `move` clauses (the first `Fork`ing to
    /// the second at 9), and `post` at 15 that lands the piece.
    fn two_clauses(bodies: [Op; 10]) -> Reach {
        let mut ops = PRE.to_vec();
        ops.push(Op::Clauses);
        ops.extend(bodies);
        ops.extend(LAND);
        let clauses = vec![
            (5, Clause::Move(1)),
            (9, Clause::Move(2)),
            (15, Clause::Post),
        ];
        let parts = Parts::of(&ops, &clauses, &[], true);
        Reach::of(&ops, &clauses, &[], &parts)
    }

    #[test]
    fn leaps_by_fork_and_quiet_clauses() {
        // move 1: a quiet step onto an empty square; move 2: a capture in direction 1 or 2 (a
        // fork of navigations).
        let reach = two_clauses([
            Op::Fork(9),
            Op::Nav(d(0)),
            Op::CheckEmpty,
            Op::Jmp(15),
            Op::Fork(12),
            Op::Nav(d(1)),
            Op::Jmp(13),
            Op::Nav(d(2)),
            Op::CheckEnemy,
            Op::Jmp(15),
        ]);
        let leap = |i| Ray {
            dir: d(i),
            slides: false,
        };
        // The quiet clause is no ray (it never captures), and adds none to the whole.
        assert_eq!(reach.part(Some(0), None), None);
        assert_eq!(reach.part(Some(1), None), Some(&[leap(1), leap(2)][..]));
        assert_eq!(reach.part(None, None), Some(&[leap(1), leap(2)][..]));
    }

    #[test]
    fn a_whole_chain_walks_its_rays_and_runs_the_rest() {
        // move 1: a capturing leap in direction 1; move 2: a capture that is no ray (it
        // captures and goes on).
        let reach = two_clauses([
            Op::Fork(9),
            Op::Nav(d(1)),
            Op::CheckEnemy,
            Op::Jmp(15),
            Op::Nav(d(3)),
            Op::CheckEnemy,
            Op::Capture,
            Op::Nav(d(3)),
            Op::CheckEmpty,
            Op::Jmp(15),
        ]);
        let leap = Ray {
            dir: d(1),
            slides: false,
        };
        assert_eq!(reach.part(Some(0), None), Some(&[leap][..]));
        assert_eq!(reach.part(Some(1), None), None);
        assert_eq!(reach.part(None, None), None, "not all rays");
        assert_eq!(
            reach.whole,
            Some(Whole {
                rays: vec![leap],
                runs: vec![1]
            })
        );
    }

    #[test]
    fn a_pre_that_does_not_lift_proves_nothing() {
        let (mut ops, clauses) = slider(&LAND);
        ops[1] = Op::Position;
        let guards = [guard(&[1])];
        let parts = Parts::of(&ops, &clauses, &guards, true);
        assert_eq!(Reach::of(&ops, &clauses, &guards, &parts), Reach::default());
    }
}
