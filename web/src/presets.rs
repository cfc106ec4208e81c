//! Ready-made scenarios, each with a short explanation.

/// One preset of the gallery.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Preset {
    pub title: &'static str,
    pub text: &'static str,
}

/// "New scenario": one step to start from, no live object.
pub const BLANK: &str = r#"scenario: v1
name: new-scenario
description: A blank scenario. Paste the live object (or leave it empty, the first write creates it) and write the steps.
steps:
- manager: my-manager
  op: apply
  object:
    apiVersion: v1
    kind: ConfigMap
    metadata:
      name: example
    data:
      key: value
"#;

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
    Preset {
        title: "Client-side apply keeps its intent in an annotation",
        text: r#"scenario: v1
name: client-side-tracking
description: |
  `kubectl apply` without --server-side remembers what it applied in the
  kubectl.kubernetes.io/last-applied-configuration annotation and owns the
  fields as an Update by kubectl-client-side-apply. Dropping a key from the
  manifest deletes it (a three-way merge against the annotation). Switch on
  "Client-side vs server-side" to see the same manifests applied
  server-side.
steps:
- manager: kubectl-client-side-apply
  op: client-side-apply
  object:
    apiVersion: v1
    kind: ConfigMap
    metadata: {name: app-config, namespace: default}
    data: {color: blue, size: large}
- manager: kubectl-client-side-apply
  op: client-side-apply
  name: the manifest drops size
  object:
    apiVersion: v1
    kind: ConfigMap
    metadata: {name: app-config, namespace: default}
    data: {color: blue}
"#,
    },
    Preset {
        title: "An operator's updates, then an apply that adds an annotation",
        text: r#"scenario: v1
name: operator-then-apply
description: |
  An operator writes with Update: its entry records what it changed. A team
  then applies only an annotation: the apply owns just that, and the
  operator's fields are untouched.
steps:
- manager: cache-operator
  op: update
  object:
    apiVersion: v1
    kind: ConfigMap
    metadata: {name: cache, namespace: default}
    data: {size: 1Gi, policy: lru}
- manager: cache-operator
  op: update
  name: the operator resizes
  object:
    apiVersion: v1
    kind: ConfigMap
    metadata: {name: cache, namespace: default}
    data: {size: 2Gi, policy: lru}
- manager: team-a
  op: apply
  name: a team adds an annotation
  object:
    apiVersion: v1
    kind: ConfigMap
    metadata:
      name: cache
      namespace: default
      annotations: {team.example.com/owner: team-a}
"#,
    },
    Preset {
        title: "Handing replicas to the autoscaler safely",
        text: r#"scenario: v1
name: hpa-handover
description: |
  The documented way to hand spec.replicas to an autoscaler without a
  moment where the field falls back to its default: a temporary manager
  applies the same value (sharing it), kubectl stops applying it, then the
  autoscaler's /scale update takes it from the temporary manager.
steps:
- manager: kubectl
  op: apply
  object:
    apiVersion: apps/v1
    kind: Deployment
    metadata: {name: web, namespace: default}
    spec:
      replicas: 3
      selector: {matchLabels: {app: web}}
      template:
        metadata: {labels: {app: web}}
        spec:
          containers:
          - {name: nginx, image: "nginx:1.27"}
- manager: handover-to-hpa
  op: apply
  name: a temporary manager shares replicas
  object:
    apiVersion: apps/v1
    kind: Deployment
    metadata: {name: web, namespace: default}
    spec: {replicas: 3}
- manager: kubectl
  op: apply
  name: kubectl stops applying replicas (it stays 3)
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
- manager: horizontal-pod-autoscaler
  op: update
  subresource: scale
  name: the autoscaler takes over
  object: {spec: {replicas: 6}}
"#,
    },
    Preset {
        title: "Client-side apply: containers merge by name, kubectl scale survives",
        text: r#"scenario: v1
name: csa-merge-examples
description: |
  Client-side apply merges lists with a merge key (containers by name)
  item by item, replaces other lists (args) whole, and leaves alone what
  it never applied: replicas set by `kubectl scale` survive the next apply.
steps:
- manager: kubectl-client-side-apply
  op: client-side-apply
  object:
    apiVersion: apps/v1
    kind: Deployment
    metadata: {name: worker, namespace: default}
    spec:
      selector: {matchLabels: {app: worker}}
      template:
        metadata: {labels: {app: worker}}
        spec:
          containers:
          - {name: main, image: "worker:1.0", args: [--queue=a, --verbose]}
- manager: kubectl
  op: patch
  subresource: scale
  patchType: merge
  name: kubectl scale --replicas=4
  patch: {spec: {replicas: 4}}
- manager: kubectl-client-side-apply
  op: client-side-apply
  name: args changed in the manifest
  object:
    apiVersion: apps/v1
    kind: Deployment
    metadata: {name: worker, namespace: default}
    spec:
      selector: {matchLabels: {app: worker}}
      template:
        metadata: {labels: {app: worker}}
        spec:
          containers:
          - {name: main, image: "worker:1.0", args: [--queue=b]}
"#,
    },
    Preset {
        title: "A CRD with a map list and an atomic list",
        text: r#"scenario: v1
name: crd-list-types
description: |
  In a CRD, `x-kubernetes-list-type: map` lets two managers own different
  items of a list (ports by number); a list without a list type is atomic,
  so a second manager writing it conflicts for the whole list.
schema:
  crd:
    apiVersion: apiextensions.k8s.io/v1
    kind: CustomResourceDefinition
    metadata: {name: gateways.example.com}
    spec:
      group: example.com
      scope: Namespaced
      names: {plural: gateways, singular: gateway, kind: Gateway}
      versions:
      - name: v1
        served: true
        storage: true
        schema:
          openAPIV3Schema:
            type: object
            properties:
              spec:
                type: object
                properties:
                  ports:
                    type: array
                    x-kubernetes-list-type: map
                    x-kubernetes-list-map-keys: [port]
                    items:
                      type: object
                      required: [port]
                      properties:
                        port: {type: integer}
                        name: {type: string}
                  hosts:
                    type: array
                    items: {type: string}
steps:
- manager: app-team
  op: apply
  object:
    apiVersion: example.com/v1
    kind: Gateway
    metadata: {name: edge, namespace: default}
    spec:
      ports: [{port: 80, name: http}]
      hosts: [shop.example.com]
- manager: platform-team
  op: apply
  name: another team adds its own port
  object:
    apiVersion: example.com/v1
    kind: Gateway
    metadata: {name: edge, namespace: default}
    spec:
      ports: [{port: 443, name: https}]
- manager: platform-team
  op: apply
  name: and writes the atomic hosts list
  object:
    apiVersion: example.com/v1
    kind: Gateway
    metadata: {name: edge, namespace: default}
    spec:
      ports: [{port: 443, name: https}]
      hosts: [shop.example.com, admin.example.com]
  expect: {outcome: conflict}
"#,
    },
];

#[cfg(test)]
mod blank_tests {
    use super::BLANK;

    #[test]
    fn the_blank_scenario_runs_and_creates_its_object() {
        let result = ssa_engine::scenario::run_scenario_text_without_views(BLANK).unwrap();
        assert_eq!(result.steps.len(), 1);
        assert_eq!(result.steps[0].outcome.as_str(), "applied");
    }
}
