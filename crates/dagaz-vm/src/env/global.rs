//! Global variables: created as 0 on first use, shared by every variant of one move generation,
//! never undone by backtracking. A change makes the generator re-check the broken invariants.

use dagaz_ir::Value;
use indexmap::IndexSet;

/// Compile time: a global's slot, created on first mention (any name no other environment
/// knows is a global). `None` past 65,536 globals. Public for the compiler.
pub fn resolve(globals: &mut IndexSet<String>, name: &str) -> Option<u16> {
    let (index, _) = globals.insert_full(name.to_string());
    u16::try_from(index).ok()
}

/// Run time: the values, and whether any changed since the last re-check.
#[derive(Clone, Debug, Default)]
pub struct Globals {
    values: Vec<Value>,
    changed: bool,
}

impl Globals {
    /// Every global back to 0, for a new generation.
    pub fn reset(&mut self, count: usize) {
        self.values.clear();
        self.values.resize(count, Value::Int(0));
        self.changed = false;
    }

    /// The value of global `slot`; 0 for a slot past the count given to [`Globals::reset`].
    #[inline]
    pub fn get(&self, slot: u16) -> Value {
        self.values.get(slot as usize).copied().unwrap_or_default()
    }

    /// Sets global `slot`, not trailed; marks a change only when the value differs, so that
    /// invariants are re-checked only when they may have changed. A slot out of range is
    /// ignored.
    #[inline]
    pub fn set(&mut self, slot: u16, value: Value) {
        if let Some(cell) = self.values.get_mut(slot as usize) {
            if *cell != value {
                *cell = value;
                self.changed = true;
            }
        }
    }

    /// Whether a global changed since the last call (and clears the mark).
    pub fn take_changed(&mut self) -> bool {
        std::mem::take(&mut self.changed)
    }

    /// Every global's value, by slot.
    pub fn values(&self) -> &[Value] {
        &self.values
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn created_on_first_use() {
        let mut names = IndexSet::new();
        assert_eq!(resolve(&mut names, "max-captured"), Some(0));
        assert_eq!(resolve(&mut names, "other"), Some(1));
        assert_eq!(resolve(&mut names, "max-captured"), Some(0));
    }

    #[test]
    fn start_at_zero_and_mark_changes() {
        let mut g = Globals::default();
        g.reset(1);
        assert_eq!(g.get(0), Value::Int(0));
        g.set(0, Value::Int(0));
        assert!(!g.take_changed(), "writing the same value is no change");
        g.set(0, Value::Int(2));
        assert!(g.take_changed());
        assert!(!g.take_changed());
        assert_eq!(g.get(0), Value::Int(2));
    }
}
