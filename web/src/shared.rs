//! A value shared by the page's components without copying, equal only to
//! itself: a component given the same run's result again skips its
//! render, and comparing two runs costs nothing (each run is a new value).

use std::ops::Deref;
use std::rc::Rc;

#[derive(Debug)]
pub struct Shared<T>(pub Rc<T>);

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared(Rc::clone(&self.0))
    }
}

impl<T> PartialEq for Shared<T> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl<T> Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> From<&Rc<T>> for Shared<T> {
    fn from(rc: &Rc<T>) -> Self {
        Shared(Rc::clone(rc))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_only_to_itself() {
        let a = Rc::new(1);
        assert_eq!(Shared::from(&a), Shared::from(&a));
        assert_ne!(Shared::from(&a), Shared(Rc::new(1)));
    }
}
