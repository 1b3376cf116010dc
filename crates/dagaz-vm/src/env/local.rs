//! Local variables: declared by `let`, visible to the end of the enclosing block (the locals of
//! `pre` stay visible in every `move` clause and in `post`), undone on backtracking.

use super::Undo;
use dagaz_ir::Value;

/// Compile time: the nested blocks and the slot each visible name has. Public for the
/// compiler.
///
/// Slots are never reused: a `let` in a block that has ended keeps its slot, so every slot has
/// one name for listings and the run-time locals are a flat array.
#[derive(Clone, Debug, Default)]
pub struct Scopes {
    /// Visible names, innermost last; `frames` marks where each block's names start.
    visible: Vec<(String, u16)>,
    frames: Vec<usize>,
    /// The name of every slot ever declared, by slot.
    slots: Vec<String>,
}

impl Scopes {
    /// Opens a block: names declared until the matching [`Scopes::leave`] are visible only in
    /// it.
    pub fn enter(&mut self) {
        self.frames.push(self.visible.len());
    }

    /// Closes the innermost block: its names are no longer visible (their slots stay taken).
    pub fn leave(&mut self) {
        if let Some(start) = self.frames.pop() {
            self.visible.truncate(start);
        }
    }

    /// A new slot for `name`; it hides any outer variable of the same name. `None` when the
    /// slots run out.
    pub fn declare(&mut self, name: &str) -> Option<u16> {
        let slot = u16::try_from(self.slots.len()).ok()?;
        self.slots.push(name.to_string());
        self.visible.push((name.to_string(), slot));
        Some(slot)
    }

    /// The slot of the innermost visible variable named `name`; `None` when none is visible.
    pub fn resolve(&self, name: &str) -> Option<u16> {
        self.visible
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|&(_, slot)| slot)
    }

    /// Whether `name` was ever declared, visible now or not.
    pub fn was_declared(&self, name: &str) -> bool {
        self.slots.iter().any(|n| n == name)
    }

    /// The name of every slot, by slot: the program's [`locals`](dagaz_ir::Program::locals).
    pub fn into_slot_names(self) -> Vec<String> {
        self.slots
    }
}

/// Run time: the values of the slots, one per slot of the program being run.
#[derive(Clone, Debug, Default)]
pub struct Locals {
    values: Vec<Value>,
}

impl Locals {
    /// Every slot back to 0, ready for a new start square.
    pub fn reset(&mut self, slots: usize) {
        self.values.clear();
        self.values.resize(slots, Value::Int(0));
    }

    /// The value in `slot`; 0 for a slot past the count given to [`Locals::reset`].
    #[inline]
    pub fn get(&self, slot: u16) -> Value {
        self.values.get(slot as usize).copied().unwrap_or_default()
    }

    /// Sets a slot and records the old value on the trail.
    #[inline]
    pub fn set(&mut self, slot: u16, value: Value, trail: &mut Vec<Undo>) {
        if let Some(cell) = self.values.get_mut(slot as usize) {
            trail.push(Undo::Local(slot, *cell));
            *cell = value;
        }
    }

    /// Restores a value from the trail, without trailing it again.
    #[inline]
    pub fn restore(&mut self, slot: u16, value: Value) {
        if let Some(cell) = self.values.get_mut(slot as usize) {
            *cell = value;
        }
    }

    /// Every slot's value, by slot: the snapshot an `Invariant` command keeps.
    pub fn values(&self) -> &[Value] {
        &self.values
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scopes_nest_and_hide() {
        let mut s = Scopes::default();
        s.enter();
        let a = s.declare("a").unwrap();
        s.enter();
        let inner = s.declare("a").unwrap();
        assert_ne!(a, inner);
        assert_eq!(s.resolve("a"), Some(inner));
        s.leave();
        assert_eq!(s.resolve("a"), Some(a));
        s.leave();
        assert_eq!(s.resolve("a"), None);
        assert!(s.was_declared("a") && !s.was_declared("b"));
        assert_eq!(s.into_slot_names(), vec!["a".to_string(), "a".to_string()]);
    }

    #[test]
    fn set_records_the_old_value_for_rollback() {
        let mut locals = Locals::default();
        let mut trail = Vec::new();
        locals.reset(2);
        locals.set(1, Value::Int(5), &mut trail);
        locals.set(1, Value::Int(6), &mut trail);
        assert_eq!(locals.get(1), Value::Int(6));
        while let Some(Undo::Local(slot, old)) = trail.pop() {
            locals.restore(slot, old);
        }
        assert_eq!(locals.get(1), Value::Int(0));
    }
}
