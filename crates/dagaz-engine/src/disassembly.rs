//! Disassembly of a piece type's chains and of the goal clauses, with the game's names
//! restored.

use crate::model::Game;

impl Game {
    /// A readable listing of piece type number `piece`'s command chain, one command a line
    /// with the game's names restored, followed by its `drops` chain when it has one (empty
    /// when there is no such piece type). The listing is for people: its format may change
    /// between versions.
    pub fn disassemble(&self, piece: usize) -> String {
        let Some(p) = self.rules.pieces.get(piece) else {
            return String::new();
        };
        let mut out = dagaz_ir::disassemble(&p.program, &self.rules);
        if self.attack_test() == dagaz_compiler::AttackTest::Reversible {
            out.push_str(&self.list_rays(&p.program));
        }
        if let Some(drops) = &p.drops {
            out.push_str("; drops\n");
            out.push_str(&dagaz_ir::disassemble(drops, &self.rules));
        }
        out
    }

    /// `; attack test walks ...` lines: the parts of the reversible attack test proven rays
    /// (see [`dagaz_ir::Reach`]), a slide marked with `*`.
    fn list_rays(&self, program: &dagaz_ir::Program) -> String {
        let names = |rays: &[dagaz_ir::Ray]| {
            rays.iter()
                .map(|r| {
                    let star = if r.slides { "*" } else { "" };
                    format!("{}{star}", self.rules.board.direction_name(r.dir))
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        let reach = &program.reach;
        let mut out = String::new();
        let clauses = matches!(program.parts, dagaz_ir::Parts::Clauses { .. });
        for (j, rays) in reach.clauses.iter().enumerate() {
            if let Some(rays) = rays {
                let part = if clauses {
                    format!("clause move #{}", j + 1)
                } else {
                    "the chain".to_string()
                };
                out.push_str(&format!(
                    "; attack test walks {part}: {}\n",
                    names(&rays.all)
                ));
            }
        }
        out
    }

    /// How many `goal` clauses the game has.
    pub fn goal_clause_count(&self) -> usize {
        self.rules.goal_programs.len()
    }

    /// A readable listing of the chain of goal clause number `goal` (from 0), as
    /// [`Game::disassemble`] lists a piece's.
    pub fn disassemble_goal(&self, goal: usize) -> String {
        self.rules
            .goal_programs
            .get(goal)
            .map(|g| dagaz_ir::disassemble(&g.program, &self.rules))
            .unwrap_or_default()
    }
}
