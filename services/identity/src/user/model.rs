//! User rules (spec sections 3, 5 and 9) and the data scope. Pure: no I/O.

use std::collections::BTreeSet;

use lumiscape_common::i18n::Msg;

use crate::auth::model::{MAX_PASSWORD_LEN, PasswordPolicy};
use crate::dept::model::{DeptIndex, parse_status};
use crate::profile::model::{MAX_NICK_NAME_CHARS, is_valid_email, is_valid_phone};

pub const MIN_USER_NAME_CHARS: usize = 2;
pub const MAX_USER_NAME_CHARS: usize = 30;
pub const MAX_REMARK_CHARS: usize = 200;
pub const MAX_QUALIFICATIONS: usize = 20;
pub const MAX_QUALIFICATION_CODE: usize = 50;
pub const MAX_QUALIFICATION_NAME: usize = 100;
/// The most users one delete names.
pub const MAX_IDS: usize = 500;
/// The most roles or projects one user form names.
pub const MAX_GRANTS: usize = 1000;

/// What the form (or an imported row) sent.
#[derive(Debug, Clone, Default)]
pub struct RawUser<'a> {
    pub dept_id: i64,
    pub user_name: &'a str,
    pub nick_name: &'a str,
    pub phonenumber: &'a str,
    pub email: &'a str,
    pub sex: &'a str,
    pub status: &'a str,
    pub remark: &'a str,
    pub role_ids: &'a [i64],
    pub all_projects: &'a str,
    pub project_ids: &'a [i64],
    pub qualifications: Vec<(&'a str, &'a str)>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Qualification {
    pub code: String,
    pub name: String,
}

/// A user as checked. Roles and projects are sorted and without repeats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserDraft {
    pub dept_id: Option<i64>,
    pub user_name: String,
    pub nick_name: String,
    pub phonenumber: String,
    pub email: String,
    pub sex: String,
    pub status: String,
    pub remark: String,
    pub role_ids: Vec<i64>,
    pub all_projects: bool,
    /// Empty when `all_projects`.
    pub project_ids: Vec<i64>,
    pub qualifications: Vec<Qualification>,
}

impl UserDraft {
    /// The user, or the first rule it breaks.
    pub fn parse(raw: &RawUser<'_>) -> Result<Self, Msg> {
        let user_name = check_user_name(raw.user_name)?;
        let nick_name = raw.nick_name.trim();
        if nick_name.is_empty() || nick_name.chars().count() > MAX_NICK_NAME_CHARS {
            return Err(Msg::NickNameInvalid);
        }
        let dept_id = match raw.dept_id {
            0 => None,
            id if id > 0 => Some(id),
            _ => return Err(Msg::DeptIdInvalid),
        };
        let phonenumber = raw.phonenumber.trim();
        if !phonenumber.is_empty() && !is_valid_phone(phonenumber) {
            return Err(Msg::PhoneInvalid);
        }
        let email = raw.email.trim();
        if !email.is_empty() && !is_valid_email(email) {
            return Err(Msg::EmailInvalid);
        }
        let sex = match raw.sex.trim() {
            "" => "2",
            s @ ("0" | "1" | "2") => s,
            _ => return Err(Msg::SexInvalid),
        };
        let status = parse_status(raw.status)?;
        let remark = raw.remark.trim();
        if remark.chars().count() > MAX_REMARK_CHARS {
            return Err(Msg::RemarkInvalid);
        }
        let role_ids = check_ids(raw.role_ids, Msg::RoleNotFound)?;
        let all_projects = match raw.all_projects.trim() {
            "" | "0" | "false" => false,
            "1" | "true" => true,
            _ => return Err(Msg::AllProjectsInvalid),
        };
        let project_ids = if all_projects { Vec::new() } else { check_ids(raw.project_ids, Msg::ProjectIdInvalid)? };
        if raw.qualifications.len() > MAX_QUALIFICATIONS {
            return Err(Msg::TooManyQualifications { max: MAX_QUALIFICATIONS as u32 });
        }
        let qualifications = raw
            .qualifications
            .iter()
            .map(|&(code, name)| {
                let (code, name) = (code.trim(), name.trim());
                let fits = |text: &str, max: usize| !text.is_empty() && text.chars().count() <= max;
                if fits(code, MAX_QUALIFICATION_CODE) && fits(name, MAX_QUALIFICATION_NAME) {
                    Ok(Qualification { code: code.to_owned(), name: name.to_owned() })
                } else {
                    Err(Msg::QualificationInvalid)
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Self {
            dept_id,
            user_name,
            nick_name: nick_name.to_owned(),
            phonenumber: phonenumber.to_owned(),
            email: email.to_owned(),
            sex: sex.to_owned(),
            status: status.to_owned(),
            remark: remark.to_owned(),
            role_ids,
            all_projects,
            project_ids,
            qualifications,
        })
    }
}

/// An account: 2 to 30 letters, digits, underscores and hyphens (spec section 5).
pub fn check_user_name(user_name: &str) -> Result<String, Msg> {
    let user_name = user_name.trim();
    let len = user_name.chars().count();
    let allowed = lumiscape_common::text::is_code(user_name);
    if (MIN_USER_NAME_CHARS..=MAX_USER_NAME_CHARS).contains(&len) && allowed {
        Ok(user_name.to_owned())
    } else {
        Err(Msg::UserNameInvalid)
    }
}

/// A password an administrator sets: not empty, no spaces (spec section 5), then the
/// deployment's policy (upper, lower, digit, special, at least 8 by default).
pub fn check_password(password: &str, policy: &PasswordPolicy) -> Result<(), Msg> {
    if password.is_empty() {
        return Err(Msg::PasswordRequired);
    }
    if password.chars().any(char::is_whitespace) {
        return Err(Msg::PasswordHasSpaces);
    }
    if password.len() > MAX_PASSWORD_LEN {
        return Err(Msg::PasswordLength);
    }
    policy.check(password)
}

/// Positive ids, sorted, without repeats.
fn check_ids(ids: &[i64], invalid: Msg) -> Result<Vec<i64>, Msg> {
    if ids.len() > MAX_GRANTS || ids.iter().any(|&id| id <= 0) {
        return Err(invalid);
    }
    Ok(ids.iter().copied().collect::<BTreeSet<_>>().into_iter().collect())
}

/// A user id from a path or a body: positive.
pub fn check_user_id(user_id: i64) -> Result<i64, Msg> {
    if user_id > 0 { Ok(user_id) } else { Err(Msg::UserIdInvalid) }
}

/// The ids of a delete: at least one, at most [`MAX_IDS`], each positive.
pub fn check_user_ids(ids: &[i64]) -> Result<Vec<i64>, Msg> {
    lumiscape_common::ids::id_list(ids, MAX_IDS, Msg::UserIdInvalid)
}

/// The users a caller may see and change (`docs/data-scope.md`): the union of what each of
/// their enabled roles grants, and always themselves.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct UserScope {
    /// Every user.
    pub all: bool,
    pub self_id: i64,
    /// Users in these organization nodes or under them (roles of custom scope).
    pub dept_roots: Vec<i64>,
    /// `dept_roots` and every node under them, sorted ([`UserScope::with_subtrees`]): what
    /// the queries match.
    pub dept_ids: Vec<i64>,
    /// Users who may open one of these projects, or every project (roles of project scope
    /// held by a caller limited to some projects).
    pub project_ids: Option<Vec<i64>>,
}

/// One enabled role of the caller: its data scope code and, for custom scope, its nodes.
#[derive(Debug, Clone)]
pub struct ScopeGrant {
    pub data_scope: String,
    pub dept_ids: Vec<i64>,
}

impl UserScope {
    /// `superuser`: the caller holds `*:*:*` (the `admin` role). `caller_projects`: None
    /// when the caller may open every project.
    pub fn of(self_id: i64, superuser: bool, grants: &[ScopeGrant], caller_projects: Option<&[i64]>) -> Self {
        let mut scope =
            Self { all: superuser, self_id, dept_roots: Vec::new(), dept_ids: Vec::new(), project_ids: None };
        for grant in grants {
            match grant.data_scope.as_str() {
                "1" => scope.all = true,
                "2" => scope.dept_roots.extend(&grant.dept_ids),
                "3" => match caller_projects {
                    // Project scope for a caller of every project is every user.
                    None => scope.all = true,
                    Some(ids) => scope.project_ids = Some(ids.to_vec()),
                },
                // An unknown code grants nothing beyond the caller.
                _ => {}
            }
        }
        scope.dept_roots.sort_unstable();
        scope.dept_roots.dedup();
        scope
    }

    /// The scope with the nodes under its roots, from the organization index.
    pub fn with_subtrees(mut self, index: &DeptIndex) -> Self {
        self.dept_ids = index.subtrees(&self.dept_roots);
        self
    }

    /// The organization nodes the scope shows: `None` for every node (all, or a project
    /// scope: the organization is not project data), else the custom nodes and what is
    /// under them.
    pub fn visible_depts(&self) -> Option<&[i64]> {
        if self.all || self.project_ids.is_some() { None } else { Some(&self.dept_roots) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw() -> RawUser<'static> {
        RawUser {
            user_name: " lin_01 ",
            nick_name: "林工",
            role_ids: &[3, 2, 3],
            project_ids: &[2, 1],
            ..RawUser::default()
        }
    }

    fn policy() -> PasswordPolicy {
        PasswordPolicy {
            min_length: 8,
            require_upper: true,
            require_lower: true,
            require_digit: true,
            require_special: true,
        }
    }

    #[test]
    fn a_user_is_trimmed_and_its_grants_are_sorted_once() {
        let draft = UserDraft::parse(&raw()).unwrap();
        assert_eq!(draft.user_name, "lin_01");
        assert_eq!((draft.role_ids.as_slice(), draft.project_ids.as_slice()), (&[2, 3][..], &[1, 2][..]));
        assert_eq!((draft.sex.as_str(), draft.status.as_str(), draft.dept_id), ("2", "0", None));
        let all = UserDraft::parse(&RawUser { all_projects: "1", ..raw() }).unwrap();
        assert!(all.all_projects && all.project_ids.is_empty());
    }

    #[test]
    fn every_rule_names_its_field() {
        let q = |code: &'static str, name: &'static str| vec![(code, name)];
        let cases: Vec<(RawUser<'_>, Msg)> = vec![
            (RawUser { user_name: "a", ..raw() }, Msg::UserNameInvalid),
            (RawUser { user_name: "lin 01", ..raw() }, Msg::UserNameInvalid),
            (RawUser { user_name: "林工", ..raw() }, Msg::UserNameInvalid),
            (RawUser { nick_name: " ", ..raw() }, Msg::NickNameInvalid),
            (RawUser { dept_id: -3, ..raw() }, Msg::DeptIdInvalid),
            (RawUser { phonenumber: "12012345678", ..raw() }, Msg::PhoneInvalid),
            (RawUser { email: "a@b", ..raw() }, Msg::EmailInvalid),
            (RawUser { sex: "3", ..raw() }, Msg::SexInvalid),
            (RawUser { status: "x", ..raw() }, Msg::StatusInvalid),
            (RawUser { role_ids: &[0], ..raw() }, Msg::RoleNotFound),
            (RawUser { all_projects: "2", ..raw() }, Msg::AllProjectsInvalid),
            (RawUser { project_ids: &[-1], ..raw() }, Msg::ProjectIdInvalid),
            (RawUser { qualifications: q("", "电工证"), ..raw() }, Msg::QualificationInvalid),
            (RawUser { qualifications: q("E-1", " "), ..raw() }, Msg::QualificationInvalid),
            (RawUser { qualifications: vec![("E", "电工证"); 21], ..raw() }, Msg::TooManyQualifications { max: 20 }),
        ];
        for (input, expected) in cases {
            assert_eq!(UserDraft::parse(&input), Err(expected.clone()), "{input:?}");
        }
    }

    #[test]
    fn an_administrator_sets_a_password_by_the_spec_and_the_policy() {
        assert_eq!(check_password("", &policy()), Err(Msg::PasswordRequired));
        assert_eq!(check_password("Ab1!ab 12", &policy()), Err(Msg::PasswordHasSpaces));
        assert_eq!(check_password("Ab1!ab", &policy()), Err(Msg::PasswordTooShort { min: 8 }));
        assert_eq!(check_password("abcd1234!", &policy()), Err(Msg::PasswordNeedsUpper));
        assert_eq!(check_password("Abcd1234!", &policy()), Ok(()));
    }

    #[test]
    fn ids_of_a_delete_are_bounded() {
        assert_eq!(check_user_ids(&[]), Err(Msg::UserIdInvalid));
        assert_eq!(check_user_ids(&[3, 0]), Err(Msg::UserIdInvalid));
        assert_eq!(check_user_ids(&vec![1; 501]), Err(Msg::TooManyIds { max: 500 }));
        assert_eq!(check_user_ids(&[3, 1, 3]), Ok(vec![1, 3]));
    }

    #[test]
    fn the_scope_is_the_union_of_the_roles() {
        let grant = |scope: &str, depts: &[i64]| ScopeGrant { data_scope: scope.into(), dept_ids: depts.to_vec() };
        let none = UserScope::of(7, false, &[], Some(&[1]));
        assert_eq!(none, UserScope { all: false, self_id: 7, dept_roots: vec![], dept_ids: vec![], project_ids: None });
        assert!(UserScope::of(7, true, &[], Some(&[1])).all);
        assert!(UserScope::of(7, false, &[grant("2", &[101]), grant("1", &[])], Some(&[1])).all);
        let custom = UserScope::of(7, false, &[grant("2", &[103, 101]), grant("2", &[101])], Some(&[1]));
        assert_eq!((custom.all, custom.dept_roots.as_slice()), (false, &[101, 103][..]));
        let project = UserScope::of(7, false, &[grant("3", &[])], Some(&[1, 2]));
        assert_eq!(project.project_ids, Some(vec![1, 2]));
        assert!(UserScope::of(7, false, &[grant("3", &[])], None).all);
        assert_eq!(UserScope::of(7, false, &[grant("9", &[1])], None).dept_roots, Vec::<i64>::new());
    }
}
