//! The transposition table: one slot per hash bucket, replaced when the new entry is deeper
//! or from a newer search. Every search thread (Lazy SMP) reads and writes it at once, without
//! locks: a slot is three atomic words, the first of them the key mixed with the other two, so
//! that a slot torn by two threads writing together no longer matches its key and is not used.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// What a stored score means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (the search failed low).
    Upper,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub key: u64,
    pub depth: i16,
    pub bound: Bound,
    pub value: i32,
    /// The best move's place in the generated list, and a fingerprint of it.
    pub best: Option<(u16, u32)>,
    pub age: u8,
}

/// A slot: `check` is the key exclusive-or'd with `data` and `best` (all three zero when
/// empty).
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
    best: AtomicU64,
}

// `data`: the value in bits 0–31, the depth in 32–47, the bound in 48–49, the age in 50–57,
// whether there is a best move in 58, and 59 set in every stored entry.
const DEPTH_SHIFT: u32 = 32;
const BOUND_SHIFT: u32 = 48;
const AGE_SHIFT: u32 = 50;
const HAS_BEST: u64 = 1 << 58;
const USED: u64 = 1 << 59;

impl Entry {
    /// The entry as its slot's `data` and `best` words.
    fn pack(&self) -> (u64, u64) {
        let bound = match self.bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let mut data = u64::from(self.value as u32)
            | u64::from(self.depth as u16) << DEPTH_SHIFT
            | bound << BOUND_SHIFT
            | u64::from(self.age) << AGE_SHIFT
            | USED;
        let mut best = 0;
        if let Some((at, print)) = self.best {
            data |= HAS_BEST;
            best = u64::from(at) | u64::from(print) << 16;
        }
        (data, best)
    }

    /// The entry a slot's words hold, when they hold one whole.
    fn unpack(check: u64, data: u64, best: u64) -> Option<Entry> {
        if data & USED == 0 {
            return None;
        }
        let bound = match (data >> BOUND_SHIFT) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            2 => Bound::Upper,
            _ => return None,
        };
        Some(Entry {
            key: check ^ data ^ best,
            // The casts take the bits back as they were put in.
            value: data as u32 as i32,
            depth: (data >> DEPTH_SHIFT) as u16 as i16,
            bound,
            age: (data >> AGE_SHIFT) as u8,
            best: (data & HAS_BEST != 0).then_some((best as u16, (best >> 16) as u32)),
        })
    }
}

pub(crate) struct Table {
    slots: Box<[Slot]>,
    age: AtomicU8,
}

impl Table {
    /// A table of about `megabytes` MiB (at least one slot).
    pub fn new(megabytes: usize) -> Table {
        let count = (megabytes.saturating_mul(1 << 20) / std::mem::size_of::<Slot>()).max(1);
        Table {
            slots: (0..count).map(|_| Slot::default()).collect(),
            age: AtomicU8::new(0),
        }
    }

    /// A new search: older entries give way first.
    pub fn next_age(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    pub fn clear(&self) {
        for slot in self.slots.iter() {
            slot.check.store(0, Ordering::Relaxed);
            slot.data.store(0, Ordering::Relaxed);
            slot.best.store(0, Ordering::Relaxed);
        }
        self.age.store(0, Ordering::Relaxed);
    }

    fn slot(&self, key: u64) -> Option<&Slot> {
        // The high bits choose the slot: the full key is kept to tell collisions apart.
        let index = ((u128::from(key) * self.slots.len() as u128) >> 64) as usize;
        self.slots.get(index)
    }

    /// The entry in a slot, whatever its key (`None` when empty or torn).
    fn read(slot: &Slot) -> Option<Entry> {
        Entry::unpack(
            slot.check.load(Ordering::Relaxed),
            slot.data.load(Ordering::Relaxed),
            slot.best.load(Ordering::Relaxed),
        )
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.slot(key)
            .and_then(Table::read)
            .filter(|e| e.key == key)
    }

    pub fn store(&self, entry: Entry) {
        let age = self.age.load(Ordering::Relaxed);
        let Some(slot) = self.slot(entry.key) else {
            return;
        };
        let replace = match Table::read(slot) {
            None => true,
            Some(old) => old.key == entry.key || old.age != age || old.depth <= entry.depth,
        };
        if replace {
            let (data, best) = Entry { age, ..entry }.pack();
            slot.check.store(entry.key ^ data ^ best, Ordering::Relaxed);
            slot.data.store(data, Ordering::Relaxed);
            slot.best.store(best, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn entry(key: u64) -> Entry {
        Entry {
            key,
            depth: 3,
            bound: Bound::Exact,
            value: 7,
            best: Some((1, 99)),
            age: 0,
        }
    }

    #[test]
    fn stores_and_finds_by_the_whole_key() {
        let t = Table::new(1);
        let e = entry(42);
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
        // Key 0 is a key like any other, not an empty slot.
        t.store(entry(0));
        assert_eq!(t.probe(0), Some(entry(0)));
    }

    #[test]
    fn every_field_comes_back_as_it_went_in() {
        let t = Table::new(1);
        for (key, depth, bound, value, best) in [
            (1u64, 0i16, Bound::Lower, -1i32, None),
            (
                u64::MAX,
                i16::MAX,
                Bound::Upper,
                i32::MIN,
                Some((u16::MAX, u32::MAX)),
            ),
            (
                0x8000_0000_0000_0000,
                -5,
                Bound::Exact,
                i32::MAX,
                Some((0, 0)),
            ),
        ] {
            let e = Entry {
                key,
                depth,
                bound,
                value,
                best,
                age: 0,
            };
            t.store(e);
            assert_eq!(t.probe(key), Some(e));
        }
    }

    /// Threads writing the same few slots at once: whatever a probe finds is an entry some
    /// thread stored whole (its fields all follow from its key), never a mix of two.
    #[test]
    fn threads_writing_together_never_leave_a_torn_entry_behind() {
        let table = Arc::new(Table::new(0));
        let made = |key: u64| Entry {
            key,
            depth: (key % 100) as i16,
            bound: Bound::Lower,
            value: key as i32,
            best: Some(((key >> 3) as u16, (key >> 7) as u32)),
            age: 0,
        };
        std::thread::scope(|s| {
            for thread in 0..4u64 {
                let table = Arc::clone(&table);
                s.spawn(move || {
                    let mut x = thread.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                    for _ in 0..20_000 {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        let key = x % 64;
                        table.store(made(key));
                        if let Some(found) = table.probe(key ^ 1) {
                            assert_eq!(found, made(key ^ 1));
                        }
                    }
                });
            }
        });
    }
}
