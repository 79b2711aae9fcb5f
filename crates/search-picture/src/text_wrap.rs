//! Breaking a panel's title and figures into lines that fit its width.
//!
//! It counts characters (the layout's text is monospaced) and must never measure
//! pixels.

/// Phrases joined by `separator` into lines of at most `per_line` characters,
/// breaking between phrases where it can; a phrase longer than a line is broken
/// between its words (a single word longer than a line stands alone).
#[must_use]
pub fn wrap_phrases(phrases: &[String], separator: &str, per_line: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    let length = |text: &str| text.chars().count();
    for phrase in phrases {
        if length(phrase) > per_line && phrase.contains(' ') {
            if !current.is_empty() {
                lines.push(std::mem::take(&mut current));
            }
            let words: Vec<String> = phrase.split(' ').map(str::to_owned).collect();
            lines.extend(wrap_phrases(&words, " ", per_line));
        } else if current.is_empty() {
            current.clone_from(phrase);
        } else if length(&current) + length(separator) + length(phrase) <= per_line {
            current.push_str(separator);
            current.push_str(phrase);
        } else {
            lines.push(std::mem::replace(&mut current, phrase.clone()));
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phrases_wrap_between_phrases_only() {
        let phrases: Vec<String> = ["expanded 120", "frontier 31", "cost 41.36"]
            .map(str::to_owned)
            .to_vec();
        assert_eq!(
            wrap_phrases(&phrases, "  ", 40),
            vec!["expanded 120  frontier 31  cost 41.36"]
        );
        assert_eq!(
            wrap_phrases(&phrases, "  ", 27),
            vec!["expanded 120  frontier 31", "cost 41.36"]
        );
        let title = ["octile, weight 1, ties larger-g".to_owned()];
        assert_eq!(
            wrap_phrases(&title, "; ", 20),
            vec!["octile, weight 1,", "ties larger-g"]
        );
        assert_eq!(
            wrap_phrases(&phrases, "  ", 11),
            vec!["expanded", "120", "frontier 31", "cost 41.36"],
            "a phrase longer than a line breaks between its words"
        );
        assert_eq!(
            wrap_phrases(&phrases, "  ", 5),
            vec!["expanded", "120", "frontier", "31", "cost", "41.36"],
            "a word longer than a line stands alone"
        );
        assert!(wrap_phrases(&[], "  ", 5).is_empty());
    }
}
