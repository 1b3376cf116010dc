//! The reader: any text reads into forms or one error, never a panic; forms print back to
//! text that reads again into the same forms (spans aside).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(forms) = dagaz_sexpr::read(&text) {
        let printed: Vec<String> = forms.iter().map(ToString::to_string).collect();
        let again = dagaz_sexpr::read(&printed.join("\n")).expect("printed forms read again");
        assert_eq!(forms.len(), again.len());
        for (a, b) in forms.iter().zip(&again) {
            assert_eq!(a.to_string(), b.to_string());
        }
    }
});
