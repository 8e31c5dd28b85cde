//! The engine's handlers for the ruleset: `kata-set-rules`, `kata-get-rules` and `kgs-rules`.
//! The names are the table of `rules`; komi is not part of a ruleset.

use super::Engine;
use crate::gtp::response;
use crate::gtp::vocabulary::{Failure, Reply};
use crate::rules::Rules;

impl Engine {
    /// `kata-set-rules NAME`: a preset by its name or KataGo's spelling. Fails: `unknown
    /// rules`.
    pub(super) fn set_rules(&mut self, name: &str) -> Reply {
        let rules = Rules::from_name(name).ok_or_else(|| {
            log::warn!(
                "unknown rules '{name}'; known: {} (and KataGo's spellings such as \
                 tromp_taylor, nz)",
                Rules::known_names()
            );
            Failure::UnknownRules
        })?;
        self.game.set_rules(rules);
        Ok(String::new())
    }

    /// `kata-get-rules`: the rules as KataGo's JSON.
    pub(super) fn get_rules(&self) -> Reply {
        Ok(response::rules_json(&self.game.rules()))
    }

    /// `kgs-rules NAME`: `chinese` (chinese-kgs), `japanese`, `aga` or `new_zealand`. Fails:
    /// `unknown rules`.
    pub(super) fn kgs_rules(&mut self, name: &str) -> Reply {
        let rules = Rules::from_kgs_name(name).ok_or_else(|| {
            log::warn!(
                "unknown rules '{name}' for kgs-rules; known: {}",
                Rules::known_kgs_names()
            );
            Failure::UnknownRules
        })?;
        self.game.set_rules(rules);
        Ok(String::new())
    }
}
