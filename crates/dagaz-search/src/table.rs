//! The transposition table: one slot per hash bucket, replaced when the new entry is deeper
//! or from a newer search.

/// What a stored score means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (the search failed low).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub key: u64,
    pub depth: i16,
    pub bound: Bound,
    pub value: i32,
    /// The best move's place in the generated list, and a fingerprint of it.
    pub best: Option<(u16, u32)>,
    pub age: u8,
}

pub(crate) struct Table {
    slots: Vec<Option<Entry>>,
    age: u8,
}

impl Table {
    /// A table of about `megabytes` MiB (at least one slot).
    pub fn new(megabytes: usize) -> Table {
        let size = std::mem::size_of::<Option<Entry>>().max(1);
        let count = (megabytes.saturating_mul(1 << 20) / size).max(1);
        Table {
            slots: vec![None; count],
            age: 0,
        }
    }

    /// A new search: older entries give way first.
    pub fn next_age(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
        self.age = 0;
    }

    fn index(&self, key: u64) -> usize {
        // The high bits choose the slot: the full key is kept to tell collisions apart.
        ((u128::from(key) * self.slots.len() as u128) >> 64) as usize
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.slots
            .get(self.index(key))
            .copied()
            .flatten()
            .filter(|e| e.key == key)
    }

    pub fn store(&mut self, entry: Entry) {
        let age = self.age;
        let index = self.index(entry.key);
        if let Some(slot) = self.slots.get_mut(index) {
            let replace = match slot {
                None => true,
                Some(old) => old.key == entry.key || old.age != age || old.depth <= entry.depth,
            };
            if replace {
                *slot = Some(Entry { age, ..entry });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_by_the_whole_key() {
        let mut t = Table::new(1);
        let e = Entry {
            key: 42,
            depth: 3,
            bound: Bound::Exact,
            value: 7,
            best: Some((1, 99)),
            age: 0,
        };
        t.store(e);
        assert_eq!(t.probe(42).map(|e| e.value), Some(7));
        assert!(t.probe(43).is_none());
        // A shallower entry for the same key replaces it (it is the newer knowledge).
        t.store(Entry {
            depth: 1,
            value: 8,
            ..e
        });
        assert_eq!(t.probe(42).map(|e| e.value), Some(8));
        t.clear();
        assert!(t.probe(42).is_none());
    }
}
