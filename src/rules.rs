//! Rulesets as plain data, the named presets of docs/rules.md §4, and `NAMES`, the one table of
//! every name a preset goes by (`--rules`, `kata-set-rules`, `kgs-rules`, SGF `RU`). Knows no
//! board, no game, and no text but those names. Komi is not part of a ruleset: GTP sets it on its own.

/// Which repetitions of the whole-board position are forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KoRule {
    /// The basic ko rule only (which every ruleset has): a stone that has just captured
    /// exactly one stone and stands alone with one liberty may not be captured back at once.
    Simple,
    /// The basic rule, and no play may recreate any earlier board position.
    PositionalSuperko,
    /// The basic rule, and no play may recreate a position previously created by a play of
    /// the same player.
    SituationalSuperko,
}

/// How the result is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// Own stones on the board plus surrounded empty points.
    Area,
    /// Surrounded empty points plus prisoners.
    Territory,
}

/// The points White receives for Black's handicap stones, with N the number of handicap stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandicapBonus {
    /// Nothing.
    Zero,
    /// N − 1 (AGA, BGA).
    NMinusOne,
    /// N (Chinese).
    N,
}

impl HandicapBonus {
    /// The bonus for `handicap` stones.
    pub fn points(self, handicap: u32) -> u32 {
        match self {
            HandicapBonus::Zero => 0,
            HandicapBonus::NMinusOne => handicap.saturating_sub(1),
            HandicapBonus::N => handicap,
        }
    }
}

/// A complete ruleset: everything the game and the count need besides komi.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The preset name this ruleset was made from (`bga`, `tromp-taylor`, …).
    pub name: &'static str,
    /// Which repetitions are forbidden.
    pub ko: KoRule,
    /// Whether a move that leaves its own chain of two or more stones without liberties is
    /// allowed (the chain is then removed). Single-stone suicide is never allowed.
    pub multi_stone_suicide: bool,
    /// Area or territory counting.
    pub scoring: Scoring,
    /// Whether every pass hands the opponent one stone as a prisoner, White passing last.
    pub pass_stones: bool,
    /// Whether empty points surrounded by a chain in seki count as territory.
    pub seki_eyes_count: bool,
    /// Whether every stone left on the board counts as alive (no dead-stone removal).
    pub every_stone_alive: bool,
    /// White's compensation for handicap stones.
    pub handicap_bonus: HandicapBonus,
}

impl Rules {
    /// British Go Association rules, the default: situational superko, no suicide, territory
    /// plus prisoners plus pass stones, White passes last.
    pub const BGA: Rules = Rules {
        name: "bga",
        ko: KoRule::SituationalSuperko,
        multi_stone_suicide: false,
        scoring: Scoring::Territory,
        pass_stones: true,
        seki_eyes_count: true,
        every_stone_alive: false,
        handicap_bonus: HandicapBonus::NMinusOne,
    };
    /// American Go Association rules: the same parameters as BGA.
    pub const AGA: Rules = Rules {
        name: "aga",
        ..Rules::BGA
    };
    /// Chinese rules: simple ko, area counting, White gets N for a handicap.
    pub const CHINESE: Rules = Rules {
        name: "chinese",
        ko: KoRule::Simple,
        multi_stone_suicide: false,
        scoring: Scoring::Area,
        pass_stones: false,
        seki_eyes_count: true,
        every_stone_alive: false,
        handicap_bonus: HandicapBonus::N,
    };
    /// Chinese rules as KGS plays them: positional superko.
    pub const CHINESE_KGS: Rules = Rules {
        name: "chinese-kgs",
        ko: KoRule::PositionalSuperko,
        ..Rules::CHINESE
    };
    /// Chinese rules as OGS plays them: positional superko.
    pub const CHINESE_OGS: Rules = Rules {
        name: "chinese-ogs",
        ..Rules::CHINESE_KGS
    };
    /// Japanese rules: simple ko, territory plus prisoners, no territory in seki.
    pub const JAPANESE: Rules = Rules {
        name: "japanese",
        ko: KoRule::Simple,
        multi_stone_suicide: false,
        scoring: Scoring::Territory,
        pass_stones: false,
        seki_eyes_count: false,
        every_stone_alive: false,
        handicap_bonus: HandicapBonus::Zero,
    };
    /// Korean rules: as Japanese.
    pub const KOREAN: Rules = Rules {
        name: "korean",
        ..Rules::JAPANESE
    };
    /// Tromp–Taylor: positional superko, multi-stone suicide, area counting with every stone
    /// on the board alive.
    pub const TROMP_TAYLOR: Rules = Rules {
        name: "tromp-taylor",
        ko: KoRule::PositionalSuperko,
        multi_stone_suicide: true,
        scoring: Scoring::Area,
        pass_stones: false,
        seki_eyes_count: true,
        every_stone_alive: true,
        handicap_bonus: HandicapBonus::Zero,
    };
    /// New Zealand: situational superko, multi-stone suicide, area counting.
    pub const NEW_ZEALAND: Rules = Rules {
        name: "new-zealand",
        ko: KoRule::SituationalSuperko,
        multi_stone_suicide: true,
        scoring: Scoring::Area,
        pass_stones: false,
        seki_eyes_count: true,
        every_stone_alive: false,
        handicap_bonus: HandicapBonus::Zero,
    };

    /// Every preset, the default first, in the order of `NAMES`.
    pub const PRESETS: [Rules; NAMES.len()] = {
        let mut presets = [Rules::BGA; NAMES.len()];
        let mut index = 0;
        while index < NAMES.len() {
            presets[index] = NAMES[index].rules;
            index += 1;
        }
        presets
    };

    /// The preset called `name` (`--rules`, `kata-set-rules`): its own name or one of KataGo's
    /// spellings (`tromp_taylor`, `tromptaylor`, `new_zealand`, `nz`, `chinese_kgs`, …), in any
    /// case.
    pub fn from_name(name: &str) -> Option<Rules> {
        let name = name.to_ascii_lowercase().replace('_', "-");
        NAMES
            .iter()
            .find(|names| names.rules.name == name || names.spellings.contains(&name.as_str()))
            .map(|names| names.rules)
    }

    /// The preset an SGF `RU` value names: what `from_name` takes, and the names other
    /// programs write (`Chinese`, `Japanese`, `AGA`, `NZ`, `New Zealand`, `Tromp Taylor`,
    /// `British`, …), in any case, spaces and all. `None` for rules with no preset (`GOE`,
    /// `Ing`, …).
    pub fn from_sgf_name(value: &str) -> Option<Rules> {
        let name = value.trim().to_ascii_lowercase().replace([' ', '_'], "-");
        NAMES
            .iter()
            .find(|names| {
                names.rules.name == name
                    || names.spellings.contains(&name.as_str())
                    || names.sgf_spellings.contains(&name.as_str())
            })
            .map(|names| names.rules)
    }

    /// The preset `kgs-rules NAME` means: `chinese` (KGS's Chinese rules, with positional
    /// superko), `japanese`, `aga` or `new_zealand`, exactly so written.
    pub fn from_kgs_name(name: &str) -> Option<Rules> {
        NAMES
            .iter()
            .find(|names| names.kgs == Some(name))
            .map(|names| names.rules)
    }

    /// The `RU` value an SGF record gets for this ruleset: the standard SGF names where there
    /// is one (`AGA`, `Chinese`, `Japanese`, `NZ`), Korean capitalised, the preset name
    /// otherwise.
    pub fn sgf_name(self) -> &'static str {
        NAMES
            .iter()
            .find(|names| names.rules.name == self.name)
            .map_or(self.name, |names| names.sgf)
    }

    /// The preset names, the default first, separated by commas: for messages that say which
    /// names are known.
    pub fn known_names() -> String {
        let names: Vec<&str> = NAMES.iter().map(|names| names.rules.name).collect();
        names.join(", ")
    }

    /// The names `kgs-rules` takes, separated by commas.
    pub fn known_kgs_names() -> String {
        let names: Vec<&str> = NAMES.iter().filter_map(|names| names.kgs).collect();
        names.join(", ")
    }
}

/// Every name one preset goes by, wherever a name can come from.
#[derive(Clone, Copy, Debug)]
pub struct PresetNames {
    /// The preset; its `name` is the main name.
    pub rules: Rules,
    /// Other spellings `--rules`, `kata-set-rules` and SGF `RU` accept (KataGo's), written in
    /// lower case with `-` for `_`.
    pub spellings: &'static [&'static str],
    /// The `RU` value written in SGF records.
    pub sgf: &'static str,
    /// Further names only SGF `RU` values use (other programs' names), lower case, `-` for
    /// spaces and `_`.
    pub sgf_spellings: &'static [&'static str],
    /// The name `kgs-rules` gives this preset, if any.
    pub kgs: Option<&'static str>,
}

/// The one table of ruleset names: every preset of docs/rules.md §4, the default first, with every
/// name it has on the command line, in GTP (`kata-set-rules`, `kgs-rules`) and in SGF (`RU`).
pub const NAMES: [PresetNames; 9] = [
    PresetNames {
        rules: Rules::BGA,
        spellings: &[],
        sgf: "bga",
        sgf_spellings: &["british", "bga-rules"],
        kgs: None,
    },
    PresetNames {
        rules: Rules::AGA,
        spellings: &[],
        sgf: "AGA",
        sgf_spellings: &["american", "us"],
        kgs: Some("aga"),
    },
    PresetNames {
        rules: Rules::CHINESE,
        spellings: &[],
        sgf: "Chinese",
        sgf_spellings: &["cn", "china"],
        kgs: None,
    },
    PresetNames {
        rules: Rules::CHINESE_KGS,
        spellings: &[],
        sgf: "chinese-kgs",
        sgf_spellings: &[],
        kgs: Some("chinese"),
    },
    PresetNames {
        rules: Rules::CHINESE_OGS,
        spellings: &[],
        sgf: "chinese-ogs",
        sgf_spellings: &[],
        kgs: None,
    },
    PresetNames {
        rules: Rules::JAPANESE,
        spellings: &[],
        sgf: "Japanese",
        sgf_spellings: &["jp", "japan"],
        kgs: Some("japanese"),
    },
    PresetNames {
        rules: Rules::KOREAN,
        spellings: &[],
        sgf: "Korean",
        sgf_spellings: &["kr", "korea"],
        kgs: None,
    },
    PresetNames {
        rules: Rules::TROMP_TAYLOR,
        spellings: &["tromptaylor"],
        sgf: "tromp-taylor",
        sgf_spellings: &["tt"],
        kgs: None,
    },
    PresetNames {
        rules: Rules::NEW_ZEALAND,
        spellings: &["nz", "newzealand"],
        sgf: "NZ",
        sgf_spellings: &[],
        kgs: Some("new_zealand"),
    },
];

impl Default for Rules {
    fn default() -> Rules {
        Rules::BGA
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_is_found_by_its_own_name() {
        for rules in Rules::PRESETS {
            assert_eq!(Rules::from_name(rules.name), Some(rules));
        }
    }

    #[test]
    fn katago_spellings_and_upper_case_name_the_same_presets() {
        assert_eq!(Rules::from_name("Tromp_Taylor"), Some(Rules::TROMP_TAYLOR));
        assert_eq!(Rules::from_name("tromptaylor"), Some(Rules::TROMP_TAYLOR));
        assert_eq!(Rules::from_name("NZ"), Some(Rules::NEW_ZEALAND));
        assert_eq!(Rules::from_name("new_zealand"), Some(Rules::NEW_ZEALAND));
        assert_eq!(Rules::from_name("CHINESE_KGS"), Some(Rules::CHINESE_KGS));
        assert_eq!(Rules::from_name("ing"), None);
    }

    #[test]
    fn the_names_table_holds_every_preset_once_with_names_that_lead_back_to_it() {
        for (index, names) in NAMES.iter().enumerate() {
            assert_eq!(Rules::PRESETS[index], names.rules);
            assert_eq!(Rules::from_sgf_name(names.sgf), Some(names.rules));
            for spelling in names.spellings.iter().chain(names.sgf_spellings) {
                assert_eq!(
                    Rules::from_sgf_name(spelling),
                    Some(names.rules),
                    "{spelling}"
                );
            }
            if let Some(kgs) = names.kgs {
                assert_eq!(Rules::from_kgs_name(kgs), Some(names.rules));
            }
        }
        let mut main_names: Vec<&str> = NAMES.iter().map(|names| names.rules.name).collect();
        main_names.sort();
        main_names.dedup();
        assert_eq!(main_names.len(), NAMES.len());
    }

    #[test]
    fn kgs_names_are_kgs_s_own_and_chinese_means_positional_superko() {
        assert_eq!(Rules::from_kgs_name("chinese"), Some(Rules::CHINESE_KGS));
        assert_eq!(Rules::from_kgs_name("japanese"), Some(Rules::JAPANESE));
        assert_eq!(Rules::from_kgs_name("aga"), Some(Rules::AGA));
        assert_eq!(
            Rules::from_kgs_name("new_zealand"),
            Some(Rules::NEW_ZEALAND)
        );
        assert_eq!(Rules::from_kgs_name("bga"), None);
        assert_eq!(Rules::from_kgs_name("Japanese"), None);
    }

    #[test]
    fn sgf_names_are_not_taken_by_kata_set_rules() {
        assert_eq!(Rules::from_name("british"), None);
        assert_eq!(Rules::from_name("cn"), None);
        assert_eq!(Rules::from_name("new zealand"), None);
    }

    #[test]
    fn the_default_ruleset_is_bga() {
        assert_eq!(Rules::default(), Rules::BGA);
    }

    #[test]
    fn the_handicap_bonus_follows_the_table() {
        assert_eq!(Rules::CHINESE.handicap_bonus.points(4), 4);
        assert_eq!(Rules::BGA.handicap_bonus.points(4), 3);
        assert_eq!(Rules::BGA.handicap_bonus.points(0), 0);
        assert_eq!(Rules::JAPANESE.handicap_bonus.points(4), 0);
    }
}
