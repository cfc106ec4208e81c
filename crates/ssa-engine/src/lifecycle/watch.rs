//! The watch stream: the event each write sends to watchers, and what a
//! kube-rs `watcher` (kube-runtime) that starts part-way through shows.

/// A watch event type, as the API server sends it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventType {
    Added,
    Modified,
    Deleted,
}

impl EventType {
    pub fn as_str(self) -> &'static str {
        match self {
            EventType::Added => "ADDED",
            EventType::Modified => "MODIFIED",
            EventType::Deleted => "DELETED",
        }
    }

    /// How kube-rs's `watcher` surfaces it: added and modified objects
    /// alike as `Event::Apply`, deleted ones as `Event::Delete`.
    pub fn kube_rs(self) -> &'static str {
        match self {
            EventType::Added | EventType::Modified => "Event::Apply",
            EventType::Deleted => "Event::Delete",
        }
    }

    /// The client-go informer handler it reaches.
    pub fn client_go(self) -> &'static str {
        match self {
            EventType::Added => "OnAdd",
            EventType::Modified => "OnUpdate",
            EventType::Deleted => "OnDelete",
        }
    }
}

/// The watch event of one write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WatchEvent {
    pub kind: EventType,
    /// The object's resourceVersion in the event (for a delete, the
    /// revision of the deletion).
    pub resource_version: String,
}

/// One item of a kube-rs `watcher` stream (`kube_runtime::watcher::Event`),
/// with the resourceVersion of the object it carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WatcherEvent {
    /// The (re)start of the stream: a list follows.
    Init,
    /// An object that existed when the watcher listed.
    InitApply { resource_version: String },
    /// The list is complete.
    InitDone,
    /// An object was added or modified after the list.
    Apply { resource_version: String },
    /// An object was deleted after the list.
    Delete { resource_version: String },
}

impl WatcherEvent {
    /// The variant's name as kube-rs spells it (`Event::InitApply`).
    pub fn name(&self) -> &'static str {
        match self {
            WatcherEvent::Init => "Event::Init",
            WatcherEvent::InitApply { .. } => "Event::InitApply",
            WatcherEvent::InitDone => "Event::InitDone",
            WatcherEvent::Apply { .. } => "Event::Apply",
            WatcherEvent::Delete { .. } => "Event::Delete",
        }
    }
}

/// What a kube-rs `watcher` sees when it starts after the first `start`
/// steps: `Init`, an `InitApply` with the object as it then is (if it
/// exists), `InitDone`, then `Apply` / `Delete` for each later step that
/// sent an event. `initial` is the resourceVersion of the object stored
/// before the first step, if any; `events[i]` is step i's event.
///
/// A `start` past the last step gives just the initial list.
pub fn kube_watcher_view(
    initial: Option<&str>,
    events: &[Option<WatchEvent>],
    start: usize,
) -> Vec<WatcherEvent> {
    let (seen, later) = events.split_at(start.min(events.len()));
    let listed = seen
        .iter()
        .rev()
        .flatten()
        .next()
        .map_or(initial.map(str::to_string), |last| match last.kind {
            EventType::Deleted => None,
            EventType::Added | EventType::Modified => Some(last.resource_version.clone()),
        });
    let mut out = vec![WatcherEvent::Init];
    if let Some(resource_version) = listed {
        out.push(WatcherEvent::InitApply { resource_version });
    }
    out.push(WatcherEvent::InitDone);
    out.extend(later.iter().flatten().map(|e| {
        let resource_version = e.resource_version.clone();
        match e.kind {
            EventType::Added | EventType::Modified => WatcherEvent::Apply { resource_version },
            EventType::Deleted => WatcherEvent::Delete { resource_version },
        }
    }));
    out
}
