//! The grid search engine: generic, headless, no game types.

pub mod movingai;
