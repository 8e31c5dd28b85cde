//! Rulesets as plain data, and the named presets of RULES.md §4. Knows no board, no game, and
//! no text but the preset names. Komi is not part of a ruleset: GTP sets it on its own.

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

    /// Every preset, the default first.
    pub const PRESETS: [Rules; 9] = [
        Rules::BGA,
        Rules::AGA,
        Rules::CHINESE,
        Rules::CHINESE_KGS,
        Rules::CHINESE_OGS,
        Rules::JAPANESE,
        Rules::KOREAN,
        Rules::TROMP_TAYLOR,
        Rules::NEW_ZEALAND,
    ];

    /// The preset called `name`, case-insensitively, with KataGo's spellings accepted as well
    /// (`tromp_taylor`, `tromptaylor`, `new_zealand`, `nz`, `chinese_kgs`, …).
    pub fn from_name(name: &str) -> Option<Rules> {
        let name = name.to_ascii_lowercase().replace('_', "-");
        let name = match name.as_str() {
            "tromptaylor" => "tromp-taylor",
            "nz" | "newzealand" => "new-zealand",
            other => other,
        };
        Rules::PRESETS.into_iter().find(|rules| rules.name == name)
    }
}

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
