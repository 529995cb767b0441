//! Scratch folders for the suites' files, removed when the test is done.

use std::ops::Deref;
use std::path::{Path, PathBuf};

/// A fresh folder `motley-<name>-<process id>` under the system's
/// temporary folder, removed with everything in it when dropped (when the
/// test ends, passed or failed).
pub struct Scratch(PathBuf);

impl Scratch {
    /// Makes the folder, emptied first if an earlier run left it.
    pub fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("motley-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
