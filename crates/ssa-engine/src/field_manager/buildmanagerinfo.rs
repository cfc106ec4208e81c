//! Upstream `buildmanagerinfo.go` (`buildManagerInfoManager`): the
//! identifier a write is recorded under: the manager's name, the
//! operation, the subresource, and for an update the API version written.

use super::{Subresource, WriteRequest};
use crate::managed_fields::ManagerId;

/// The subresource part of an identifier (`""` for the main resource).
pub(super) fn subresource(request: &WriteRequest<'_>) -> &'static str {
    request.subresource.map(Subresource::as_str).unwrap_or("")
}

/// The encoded identifier of an apply.
pub(super) fn apply_id(request: &WriteRequest<'_>) -> String {
    ManagerId::apply(request.manager, subresource(request)).encode()
}

/// The identifier of an update by `manager` through `request`'s endpoint,
/// writing `api_version`.
pub(super) fn update_id(manager: &str, api_version: &str, request: &WriteRequest<'_>) -> ManagerId {
    ManagerId::update(manager, api_version, subresource(request))
}
