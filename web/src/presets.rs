//! Ready-made scenarios, each with a short explanation.

/// One preset of the gallery.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Preset {
    pub title: &'static str,
    pub text: &'static str,
}

pub const PRESETS: &[Preset] = &[
    Preset {
        title: "Two managers, a conflict, then force",
        text: r#"scenario: v1
name: conflict-then-force
description: |
  Two teams apply the same ConfigMap key. The second apply conflicts (HTTP 409)
  and names the owner; with --force-conflicts it takes the key over, and the
  first team keeps only what it alone applies.
steps:
- manager: team-a
  op: apply
  object:
    apiVersion: v1
    kind: ConfigMap
    metadata: {name: settings, namespace: default}
    data: {color: blue, size: large}
- manager: team-b
  op: apply
  name: team-b applies another color
  object:
    apiVersion: v1
    kind: ConfigMap
    metadata: {name: settings, namespace: default}
    data: {color: red}
  expect: {outcome: conflict}
- manager: team-b
  op: apply
  force: true
  name: kubectl apply --server-side --force-conflicts
  object:
    apiVersion: v1
    kind: ConfigMap
    metadata: {name: settings, namespace: default}
    data: {color: red}
"#,
    },
    Preset {
        title: "An update quietly takes ownership",
        text: r#"scenario: v1
name: update-takes-ownership
description: |
  A controller changes a field with an Update (PUT). Updates never conflict:
  the field simply changes hands, and the applier's next apply of its old
  value conflicts with the controller.
steps:
- manager: kubectl
  op: apply
  object:
    apiVersion: v1
    kind: ConfigMap
    metadata: {name: app, namespace: default}
    data: {replicas: "2", mode: fast}
- manager: autoscaler
  op: update
  object:
    apiVersion: v1
    kind: ConfigMap
    metadata: {name: app, namespace: default}
    data: {replicas: "5", mode: fast}
- manager: kubectl
  op: apply
  name: kubectl re-applies its manifest
  object:
    apiVersion: v1
    kind: ConfigMap
    metadata: {name: app, namespace: default}
    data: {replicas: "2", mode: fast}
  expect: {outcome: conflict}
"#,
    },
    Preset {
        title: "Pruning what a manager stopped applying",
        text: r#"scenario: v1
name: prune-dropped-key
description: |
  A key dropped from the applied manifest is removed, because the applier
  owned it alone. A key another manager also applies survives.
steps:
- manager: app
  op: apply
  object:
    apiVersion: v1
    kind: ConfigMap
    metadata: {name: routes, namespace: default}
    data: {api: api-svc, web: web-svc, docs: docs-svc}
- manager: platform
  op: apply
  object:
    apiVersion: v1
    kind: ConfigMap
    metadata: {name: routes, namespace: default}
    data: {web: web-svc}
- manager: app
  op: apply
  name: app drops docs and web
  object:
    apiVersion: v1
    kind: ConfigMap
    metadata: {name: routes, namespace: default}
    data: {api: api-svc}
"#,
    },
    Preset {
        title: "Handing a field over by sharing, then dropping",
        text: r#"scenario: v1
name: transfer-ownership
description: |
  To move a field from one manager to another without a conflict, the new
  owner first applies the same value (now both own it), then the old owner
  stops applying it. The value never changes.
steps:
- manager: old-owner
  op: apply
  object:
    apiVersion: v1
    kind: ConfigMap
    metadata: {name: limits, namespace: default}
    data: {max: "10"}
- manager: new-owner
  op: apply
  name: new-owner applies the same value
  object:
    apiVersion: v1
    kind: ConfigMap
    metadata: {name: limits, namespace: default}
    data: {max: "10"}
- manager: old-owner
  op: apply
  name: old-owner stops applying it
  object:
    apiVersion: v1
    kind: ConfigMap
    metadata: {name: limits, namespace: default}
"#,
    },
    Preset {
        title: "The autoscaler takes spec.replicas through /scale",
        text: r#"scenario: v1
name: hpa-takes-replicas
description: |
  kubectl applies a Deployment with replicas 2. The HorizontalPodAutoscaler
  writes replicas 4 through the scale subresource: an Update that silently
  moves ownership. Re-applying replicas 2 conflicts; applying the manifest
  without replicas succeeds and leaves the autoscaler in charge.
steps:
- manager: kubectl
  op: apply
  object:
    apiVersion: apps/v1
    kind: Deployment
    metadata: {name: web, namespace: default}
    spec:
      replicas: 2
      selector: {matchLabels: {app: web}}
      template:
        metadata: {labels: {app: web}}
        spec:
          containers:
          - {name: nginx, image: "nginx:1.27"}
- manager: horizontal-pod-autoscaler
  op: update
  subresource: scale
  name: the HPA scales to 4
  object: {spec: {replicas: 4}}
- manager: kubectl
  op: apply
  name: kubectl re-applies replicas 2
  object:
    apiVersion: apps/v1
    kind: Deployment
    metadata: {name: web, namespace: default}
    spec:
      replicas: 2
      selector: {matchLabels: {app: web}}
      template:
        metadata: {labels: {app: web}}
        spec:
          containers:
          - {name: nginx, image: "nginx:1.27"}
  expect: {outcome: conflict}
- manager: kubectl
  op: apply
  name: kubectl drops replicas from its manifest
  object:
    apiVersion: apps/v1
    kind: Deployment
    metadata: {name: web, namespace: default}
    spec:
      selector: {matchLabels: {app: web}}
      template:
        metadata: {labels: {app: web}}
        spec:
          containers:
          - {name: nginx, image: "nginx:1.27"}
"#,
    },
    Preset {
        title: "Client-side to server-side: the ghost field",
        text: r#"scenario: v1
name: csa-to-ssa-ghost-field
description: |
  A ConfigMap written by client-side `kubectl apply` is then applied
  server-side by a bare API client without one key. The key stays: it is
  still owned by the old kubectl-client-side-apply Update entry. (With
  `client: kubectl`, kubectl migrates that ownership and the key goes.)
steps:
- manager: kubectl-client-side-apply
  op: client-side-apply
  object:
    apiVersion: v1
    kind: ConfigMap
    metadata: {name: settings, namespace: default}
    data: {log-level: info, legacy-flag: "on"}
- manager: kubectl
  op: apply
  client: api
  name: server-side apply without legacy-flag
  object:
    apiVersion: v1
    kind: ConfigMap
    metadata: {name: settings, namespace: default}
    data: {log-level: info}
"#,
    },
];
