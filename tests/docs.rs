//! The repository stands on its own: every `docs/<name>.md §<number>` reference in the code, the
//! scripts and the documents names a file and a section that exist, and no file cites a
//! document the repository does not hold; docs/architecture.md has one line for each module.
//!
//! Sections are numbered in their headings: `## 3. Counting` is section 3 and
//! `### 2.7 Ko and superko` is section 2.7 (two to six `#`, a space, the number, an optional
//! dot, a space). A reference is `docs/<name>.md`, a space, `§` and a section number, optionally
//! a range (`§2.2–2.4`, with an en dash or a hyphen, both ends checked) and further numbers
//! after `, §` or ` and §`. Inside `docs/<name>.md` a `§<number>` of its own names a section
//! of that same file.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use regex::Regex;

use crate::util::repository_root;

/// The places scanned for references, from the repository root.
const SCANNED: [&str; 10] = [
    "src",
    "tests",
    "scripts",
    "gtp-scripts",
    "examples",
    "fuzz",
    ".ci",
    "benches",
    "docs",
    "README.md",
];

/// Directories never scanned: build output, version control, installed packages, fuzzing's
/// generated inputs.
const SKIPPED_DIRECTORIES: [&str; 5] = ["target", ".git", "node_modules", "corpus", "artifacts"];

/// The endings of the text files scanned; files without an ending (`.ci/run`) are scanned too.
const TEXT_ENDINGS: [&str; 9] = ["rs", "md", "tst", "py", "sh", "js", "ctl", "toml", "dict"];

/// Every file under `path` (or `path` itself), skipping `SKIPPED_DIRECTORIES`, sorted.
fn files_under(path: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![path.to_path_buf()];
    while let Some(next) = pending.pop() {
        if next.is_file() {
            files.push(next);
            continue;
        }
        let Ok(entries) = std::fs::read_dir(&next) else {
            continue;
        };
        for entry in entries.flatten() {
            let entry_path = entry.path();
            let name = entry.file_name();
            let skipped = SKIPPED_DIRECTORIES.iter().any(|skip| name == *skip);
            if !(entry_path.is_dir() && skipped) {
                pending.push(entry_path);
            }
        }
    }
    files.sort();
    files
}

/// The text files of `SCANNED`, with their text.
fn scanned_texts() -> Vec<(PathBuf, String)> {
    let root = repository_root();
    SCANNED
        .iter()
        .flat_map(|place| files_under(&root.join(place)))
        .filter(|path| {
            path.extension()
                .is_none_or(|ending| TEXT_ENDINGS.iter().any(|text| ending == *text))
        })
        .filter_map(|path| {
            let text = std::fs::read_to_string(&path).ok()?;
            Some((path, text))
        })
        .collect()
}

/// The section numbers of a document's headings (`## 3. Counting` → `3`).
fn section_numbers(text: &str) -> BTreeSet<String> {
    let heading = Regex::new(r"^#{2,6} (\d+(?:\.\d+)*)\.? ").expect("a valid pattern");
    text.lines()
        .filter_map(|line| heading.captures(line))
        .map(|captures| captures[1].to_string())
        .collect()
}

/// A section list after a document's name or on its own: `§2.7`, `§2.2–2.4`, `§1, §6`,
/// `§2.6 and §2.7`.
const SECTION_LIST: &str = concat!(
    r"§\d+(?:\.\d+)*(?:[–-]\d+(?:\.\d+)*)?",
    r"(?:(?:, | and )§\d+(?:\.\d+)*(?:[–-]\d+(?:\.\d+)*)?)*"
);

/// One reference found: where, which document, which sections (empty: the document only).
#[derive(Debug)]
struct Reference {
    place: String,
    document: String,
    sections: Vec<String>,
}

/// The section numbers a matched `SECTION_LIST` names: every number and both ends of ranges.
fn numbers_in(list: &str) -> Vec<String> {
    let number = Regex::new(r"\d+(?:\.\d+)*").expect("a valid pattern");
    number
        .find_iter(list)
        .map(|found| found.as_str().to_string())
        .collect()
}

/// A reference that a line break splits after `docs/<name>.md` goes on at the start of the
/// next line, after its comment marker: `line` with that section list appended, and where the
/// list ends in `next` (0 when nothing is carried over).
fn joined(line: &str, next: Option<&str>, list: &Regex) -> (String, usize) {
    let Some(next) = next.filter(|_| line.trim_end().ends_with(".md")) else {
        return (line.to_string(), 0);
    };
    let body = next.trim_start_matches([' ', '\t', '/', '!', '#', '*']);
    match list.find(body).filter(|found| found.start() == 0) {
        Some(found) => (
            format!("{} {}", line.trim_end(), found.as_str()),
            next.len() - body.len() + found.end(),
        ),
        None => (line.to_string(), 0),
    }
}

/// The references of one file's text: `docs/<name>.md` with or without sections, and in a
/// document under docs/, its own bare `§<number>` (which name its own sections).
fn references_in(path: &Path, text: &str) -> Vec<Reference> {
    let root = repository_root();
    let relative = path.strip_prefix(&root).unwrap_or(path).to_path_buf();
    let named = Regex::new(&format!(r"docs/([A-Za-z0-9_-]+\.md)(?: ({SECTION_LIST}))?"))
        .expect("a valid pattern");
    let bare = Regex::new(SECTION_LIST).expect("a valid pattern");
    let own_document = relative
        .strip_prefix("docs")
        .ok()
        .filter(|inside| inside.extension().is_some_and(|ending| ending == "md"))
        .map(|inside| inside.to_string_lossy().to_string());
    let lines: Vec<&str> = text.lines().collect();
    let mut references = Vec::new();
    let mut carried = 0;
    for (index, &line) in lines.iter().enumerate() {
        let place = format!("{}:{}", relative.display(), index + 1);
        let mut covered = Vec::with_capacity(4);
        covered.push(0..carried);
        let (scanned, next_carried) = joined(line, lines.get(index + 1).copied(), &bare);
        carried = next_carried;
        for captures in named.captures_iter(&scanned) {
            let whole = captures.get(0).expect("a match");
            covered.push(whole.range());
            let sections = captures
                .get(2)
                .map_or(Vec::new(), |list| numbers_in(list.as_str()));
            references.push(Reference {
                place: place.clone(),
                document: captures[1].to_string(),
                sections,
            });
        }
        let Some(own) = &own_document else {
            continue;
        };
        for found in bare.find_iter(line) {
            if covered.iter().any(|range| range.contains(&found.start())) {
                continue;
            }
            references.push(Reference {
                place: place.clone(),
                document: own.clone(),
                sections: numbers_in(found.as_str()),
            });
        }
    }
    references
}

/// What is wrong with `reference`, if anything, given the documents' sections.
fn fault(reference: &Reference, documents: &HashMap<String, BTreeSet<String>>) -> Option<String> {
    let Some(sections) = documents.get(&reference.document) else {
        return Some(format!(
            "{}: docs/{} does not exist",
            reference.place, reference.document
        ));
    };
    let missing: Vec<&String> = reference
        .sections
        .iter()
        .filter(|section| !sections.contains(*section))
        .collect();
    (!missing.is_empty()).then(|| {
        format!(
            "{}: docs/{} has no section {:?} (it has {:?})",
            reference.place, reference.document, missing, sections
        )
    })
}

/// The documents under docs/ and the section numbers of each.
fn documents() -> HashMap<String, BTreeSet<String>> {
    let directory = repository_root().join("docs");
    files_under(&directory)
        .into_iter()
        .filter(|path| path.extension().is_some_and(|ending| ending == "md"))
        .filter_map(|path| {
            let text = std::fs::read_to_string(&path).ok()?;
            let name = path
                .strip_prefix(&directory)
                .ok()?
                .to_string_lossy()
                .to_string();
            Some((name, section_numbers(&text)))
        })
        .collect()
}

#[test]
fn every_docs_reference_names_a_document_and_a_section_that_exist() {
    let documents = documents();
    let mut references = 0;
    let mut faults = Vec::new();
    for (path, text) in scanned_texts() {
        for reference in references_in(&path, &text) {
            references += 1;
            faults.extend(fault(&reference, &documents));
        }
    }
    assert!(
        references > 50,
        "only {references} references found: is the scan looking in the right places?"
    );
    assert!(
        faults.is_empty(),
        "broken references:\n{}",
        faults.join("\n")
    );
}

#[test]
fn the_reference_check_finds_missing_files_and_sections_and_accepts_real_ones() {
    let documents = documents();
    let path = repository_root().join("src/example.rs");
    // Put together here, so that the scan of this file does not see the broken references.
    let text = format!(
        "// docs/rules.md §2.7's ko, docs/rules.md §2.2–2.4 and §5, docs/search.md §1.2\n\
         // docs/rules.md §2.{} and docs/{}.md §1, docs/rules.md §1, §{}, docs/rules.md\n",
        77, "nowhere", 99
    );
    let faults: Vec<String> = references_in(&path, &text)
        .iter()
        .filter_map(|reference| fault(reference, &documents))
        .collect();
    assert_eq!(faults.len(), 3, "{faults:#?}");
    assert!(faults[0].contains("[\"2.77\"]"), "{}", faults[0]);
    assert!(faults[1].contains("does not exist"), "{}", faults[1]);
    assert!(faults[2].contains("[\"99\"]"), "{}", faults[2]);
    let broken_line = format!("/// as docs/rules.md\n/// §2.{} says\n", 77);
    let split: Vec<Reference> = references_in(&path, &broken_line);
    assert_eq!(split.len(), 1, "{split:?}");
    assert!(fault(&split[0], &documents).is_some(), "{split:?}");
    let own = repository_root().join("docs/rules.md");
    let own_references = references_in(&own, "as §2.7 says, and §42 too\n");
    assert_eq!(own_references.len(), 2);
    assert!(fault(&own_references[0], &documents).is_none());
    assert!(fault(&own_references[1], &documents).is_some());
}

/// Every `.rs` and `.md` file of the repository, as `grep -rn --include='*.rs'
/// --include='*.md' .` sees them, less build output and version control.
fn every_source_and_document() -> Vec<PathBuf> {
    let root = repository_root();
    let mut pending = vec![root];
    let mut files = Vec::new();
    while let Some(directory) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&directory) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name();
            if path.is_dir() {
                if name != "target" && name != ".git" {
                    pending.push(path);
                }
            } else if path
                .extension()
                .is_some_and(|ending| ending == "rs" || ending == "md")
            {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn no_file_refers_to_the_shared_directory_outside_the_repository() {
    // Spelt in two pieces so that this file does not find itself.
    let needle = concat!("shared", "/");
    let root = repository_root();
    let mut found = Vec::new();
    for path in every_source_and_document() {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        for (index, line) in text.lines().enumerate() {
            if line.contains(needle) {
                let relative = path.strip_prefix(&root).unwrap_or(&path);
                found.push(format!("{}:{}: {line}", relative.display(), index + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "references to {needle}:\n{}",
        found.join("\n")
    );
}

#[test]
fn every_markdown_document_a_file_names_is_in_the_repository() {
    let root = repository_root();
    let names: BTreeSet<String> = every_source_and_document()
        .iter()
        .filter_map(|path| {
            path.file_name()
                .map(|name| name.to_string_lossy().to_string())
        })
        .collect();
    let mention = Regex::new(r"[A-Za-z0-9_./-]*[A-Za-z0-9_-]\.md\b").expect("a valid pattern");
    let mut missing = Vec::new();
    for (path, text) in scanned_texts() {
        let directory = path.parent().unwrap_or(&root).to_path_buf();
        for (index, line) in text.lines().enumerate() {
            for found in mention.find_iter(line) {
                let name = found.as_str().trim_start_matches("./");
                let base = name.rsplit('/').next().unwrap_or(name);
                let exists = root.join(name).is_file()
                    || directory.join(name).is_file()
                    || names.contains(base);
                if !exists {
                    let relative = path.strip_prefix(&root).unwrap_or(&path);
                    missing.push(format!("{}:{}: {name}", relative.display(), index + 1));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "documents not in the repository:\n{}",
        missing.join("\n")
    );
}

/// The README's gogui-regress loop runs each script as `tests/scripts.rs` does: with
/// `kosumi --seed 1` (the runner's seed) plus the script's own `# kosumi-arguments:` line, so a
/// script that passes `cargo test` passes that line too (CI has no GoGui to run it).
#[test]
fn the_readme_s_gogui_regress_loop_gives_each_script_the_arguments_the_runner_gives() {
    let readme =
        std::fs::read_to_string(repository_root().join("README.md")).expect("a readable README");
    let loop_line = readme
        .lines()
        .find(|line| line.trim_start().starts_with("gogui-regress "))
        .expect("the README runs gogui-regress");
    let runner = std::fs::read_to_string(repository_root().join("tests/scripts.rs"))
        .expect("a readable runner");
    assert_eq!(crate::util::SEED, 1, "the runner's seed is the README's");
    let marker = "# kosumi-arguments:";
    assert!(
        runner.contains(&format!("strip_prefix(\"{marker}\")")),
        "the runner's marker"
    );
    assert!(
        loop_line.contains("kosumi --seed 1 $(sed -n 's/^# kosumi-arguments://p' \"$script\")"),
        "the README's gogui-regress line must add each script's own arguments: {loop_line}"
    );
    let scripts = files_under(&repository_root().join("gtp-scripts"));
    let with_arguments = scripts
        .iter()
        .filter(|path| {
            std::fs::read_to_string(path)
                .is_ok_and(|text| text.lines().any(|line| line.starts_with(marker)))
        })
        .count();
    assert!(
        with_arguments >= 2,
        "the mcts scripts carry their arguments"
    );
}

/// docs/architecture.md keeps one line for each module of src/, starting with its path, and
/// none for a module that is gone: the map stays the code's.
#[test]
fn the_architecture_has_one_line_for_every_module_and_none_for_a_missing_one() {
    let root = repository_root();
    let map = std::fs::read_to_string(root.join("docs/architecture.md")).expect("a readable map");
    let listed: BTreeSet<&str> = map
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .filter(|first| first.starts_with("src/") && first.ends_with(".rs"))
        .collect();
    let modules: BTreeSet<String> = files_under(&root.join("src"))
        .iter()
        .filter(|path| path.extension().is_some_and(|ending| ending == "rs"))
        .filter_map(|path| Some(path.strip_prefix(&root).ok()?.to_string_lossy().to_string()))
        .collect();
    let unlisted: Vec<&String> = modules
        .iter()
        .filter(|module| !listed.contains(module.as_str()))
        .collect();
    let gone: Vec<&&str> = listed
        .iter()
        .filter(|line| !modules.contains(**line))
        .collect();
    assert!(
        unlisted.is_empty() && gone.is_empty(),
        "docs/architecture.md: modules without their line {unlisted:?}, lines without a module \
         {gone:?}"
    );
}
