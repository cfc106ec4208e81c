//! `validateVolumeSource`'s rules of each volume type (1.36, default
//! feature gates): one test per upstream function, with the server's
//! messages for a bad volume and a good one passing, and a Deployment's
//! apply through a scenario.

#![allow(clippy::unwrap_used)]

use super::super::core::tests::{error, pod};

/// The message for a pod with the volumes `volumes` (a YAML flow list),
/// without the `Pod "p" is invalid: `.
fn volumes(volumes: &str) -> String {
    error("", &format!("  volumes: {volumes}\n"))
}

/// Whether a pod with the volumes `volumes` passes.
fn passes(volumes: &str) -> bool {
    let result = pod("", &format!("  volumes: {volumes}\n"));
    assert!(result.is_ok(), "{result:?}");
    true
}

/// `validateConfigMapVolumeSource` and `validateKeyToPath`: a name, a
/// file mode up to 0777, each item's key and local path
/// (`ValidateLocalNonReservedPath`).
#[test]
fn config_map() {
    assert_eq!(
        volumes(
            "[{name: c, configMap: {defaultMode: 1000, items: [{key: '', path: ../x}, {key: k, path: /abs, mode: -1}, {key: k, path: ..x}]}}]"
        ),
        "[spec.volumes[0].configMap.name: Required value, spec.volumes[0].configMap.defaultMode: Invalid value: 1000: must be a number between 0 and 0777 (octal), both inclusive, spec.volumes[0].configMap.items[0].key: Required value, spec.volumes[0].configMap.items[0].path: Invalid value: \"../x\": must not contain '..', spec.volumes[0].configMap.items[1].path: Invalid value: \"/abs\": must be a relative path, spec.volumes[0].configMap.items[1].mode: Invalid value: -1: must be a number between 0 and 0777 (octal), both inclusive, spec.volumes[0].configMap.items[2].path: Invalid value: \"..x\": must not start with '..']"
    );
    assert!(passes(
        "[{name: c, configMap: {name: cfg, defaultMode: 0400, items: [{key: k, path: a/b.conf, mode: 0777}]}}]"
    ));
}

/// `validateSecretVolumeSource`; a volume with errors is not one a
/// mount may name.
#[test]
fn secret() {
    assert_eq!(
        error(
            "volumeMounts: [{name: s, mountPath: /s}]",
            "  volumes: [{name: s, secret: {items: [{key: k, path: ..}]}}]\n"
        ),
        "[spec.volumes[0].secret.secretName: Required value, spec.volumes[0].secret.items[0].path: Invalid value: \"..\": must not contain '..', spec.volumes[0].secret.items[0].path: Invalid value: \"..\": must not start with '..', spec.containers[0].volumeMounts[0].name: Not found: \"s\"]"
    );
    assert!(passes("[{name: s, secret: {secretName: tls}}]"));
}

/// `validateHostPathVolumeSource`: a path (nothing else checked without
/// one) without backsteps, a supported type.
#[test]
fn host_path() {
    assert_eq!(
        volumes("[{name: h, hostPath: {path: '', type: Dir}}]"),
        "spec.volumes[0].hostPath.path: Required value"
    );
    assert_eq!(
        volumes("[{name: h, hostPath: {path: /a/../b, type: Dir}}]"),
        "[spec.volumes[0].hostPath.path: Invalid value: \"/a/../b\": must not contain '..', spec.volumes[0].hostPath.type: Unsupported value: \"Dir\": supported values: \"\", \"BlockDevice\", \"CharDevice\", \"Directory\", \"DirectoryOrCreate\", \"File\", \"FileOrCreate\", \"Socket\"]"
    );
    assert!(passes(
        "[{name: h, hostPath: {path: /var/log, type: Directory}}]"
    ));
}

/// `validateVolumeSource`'s emptyDir: a size limit not negative.
#[test]
fn empty_dir() {
    assert_eq!(
        volumes("[{name: e, emptyDir: {sizeLimit: -1Gi}}]"),
        "spec.volumes[0].emptyDir.sizeLimit: Forbidden: SizeLimit field must be a valid resource quantity"
    );
    assert!(passes(
        "[{name: e, emptyDir: {medium: Memory, sizeLimit: 1Gi}}]"
    ));
}

/// `validateVolumeSource`: the second type's rules do not run.
#[test]
fn only_the_first_type_is_validated() {
    assert_eq!(
        volumes("[{name: e, emptyDir: {}, hostPath: {path: /a/../b}}]"),
        "spec.volumes[0].hostPath: Forbidden: may not specify more than 1 volume type"
    );
}

/// `validateDownwardAPIVolumeSource` and `validateDownwardAPIVolumeFile`
/// (errors at the source's path, not the item's, as upstream has them):
/// a local path, one of fieldRef (`validateObjectFieldSelector`: a
/// volume's five paths) and resourceFieldRef
/// (`validateContainerResourceFieldSelector`: a container named,
/// `validateContainerResourceDivisor`).
#[test]
fn downward_api() {
    assert_eq!(
        volumes(
            "[{name: d, downwardAPI: {items: [{path: .., fieldRef: {fieldPath: spec.nodeName}}, {path: x}, {path: cpu, resourceFieldRef: {resource: limits.cpu}}, {path: z, fieldRef: {fieldPath: \"metadata.labels['a b']\"}}, {path: w, fieldRef: {fieldPath: \"spec.nodeName['x']\"}}, {path: v, fieldRef: {fieldPath: status.podIP}, resourceFieldRef: {containerName: app, resource: limits.memory}}]}}]"
        ),
        "[spec.volumes[0].downwardAPI.path: Invalid value: \"..\": must not contain '..', spec.volumes[0].downwardAPI.path: Invalid value: \"..\": must not start with '..', spec.volumes[0].downwardAPI.fieldRef.fieldPath: Unsupported value: \"spec.nodeName\": supported values: \"metadata.annotations\", \"metadata.labels\", \"metadata.name\", \"metadata.namespace\", \"metadata.uid\", spec.volumes[0].downwardAPI: Required value: one of fieldRef and resourceFieldRef is required, spec.volumes[0].downwardAPI.resourceFieldRef.containerName: Required value, spec.volumes[0].downwardAPI.fieldRef: Invalid value: \"a b\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'), spec.volumes[0].downwardAPI.fieldRef.fieldPath: Invalid value: \"spec.nodeName['x']\": error converting fieldPath: field label does not support subscript: spec.nodeName['x'], spec.volumes[0].downwardAPI.fieldRef.fieldPath: Unsupported value: \"status.podIP\": supported values: \"metadata.annotations\", \"metadata.labels\", \"metadata.name\", \"metadata.namespace\", \"metadata.uid\", spec.volumes[0].downwardAPI: Invalid value: \"resource\": fieldRef and resourceFieldRef can not be specified simultaneously]"
    );
    assert_eq!(
        volumes(
            "[{name: d, downwardAPI: {items: [{path: a, resourceFieldRef: {containerName: app, resource: limits.gpu}}, {path: b, resourceFieldRef: {containerName: app, resource: limits.cpu, divisor: 2}}, {path: c, resourceFieldRef: {containerName: app, resource: requests.memory, divisor: 1m}}, {path: d, fieldRef: {apiVersion: v2, fieldPath: metadata.name}}]}}]"
        ),
        "[spec.volumes[0].downwardAPI.resourceFieldRef.resource: Unsupported value: \"limits.gpu\": supported values: \"limits.cpu\", \"limits.ephemeral-storage\", \"limits.memory\", \"requests.cpu\", \"requests.ephemeral-storage\", \"requests.memory\", spec.volumes[0].downwardAPI.resourceFieldRef.divisor: Invalid value: \"limits.cpu\": only divisor's values 1m and 1 are supported with the cpu resource, spec.volumes[0].downwardAPI.resourceFieldRef.divisor: Invalid value: \"requests.memory\": only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the memory resource, spec.volumes[0].downwardAPI.fieldRef.fieldPath: Invalid value: \"metadata.name\": error converting fieldPath: unsupported pod version: v2]"
    );
    assert!(passes(
        "[{name: d, downwardAPI: {items: [{path: labels, fieldRef: {fieldPath: metadata.labels}}, {path: team, fieldRef: {fieldPath: \"metadata.annotations['Example.com/Team']\"}}, {path: cpu, resourceFieldRef: {containerName: app, resource: limits.cpu, divisor: 1m}}, {path: mem, resourceFieldRef: {containerName: app, resource: requests.memory, divisor: 1Mi}}]}}]"
    ));
}

/// `validateProjectedVolumeSource` and `validateProjectionSources`:
/// each source's rules, a path once across the sources (refused at the
/// projection with the source's name, or the path), one type per source;
/// a token's duration and path (at the projection's path, as upstream
/// has it).
#[test]
fn projected() {
    assert_eq!(
        volumes(
            "[{name: p, projected: {sources: [{secret: {name: s, items: [{key: a, path: p}]}}, {configMap: {name: c, items: [{key: b, path: p}]}}, {serviceAccountToken: {path: '', expirationSeconds: 60}}, {downwardAPI: {items: [{path: p, fieldRef: {fieldPath: metadata.name}}]}, secret: {name: t}}, {serviceAccountToken: {path: /t, expirationSeconds: 4294967297}}, {configMap: {items: [{key: k, path: q}]}}]}}]"
        ),
        "[spec.volumes[0].projected: Invalid value: \"c\": conflicting duplicate paths, spec.volumes[0].projected.sources[2].serviceAccountToken.expirationSeconds: Invalid value: 60: may not specify a duration less than 10 minutes, spec.volumes[0].projected.path: Required value, spec.volumes[0].projected: Invalid value: \"p\": conflicting duplicate paths, spec.volumes[0].projected.sources[3]: Forbidden: may not specify more than 1 volume type per source, spec.volumes[0].projected.sources[4].serviceAccountToken.expirationSeconds: Invalid value: 4294967297: may not specify a duration larger than 2^32 seconds, spec.volumes[0].projected.path: Invalid value: \"/t\": must be a relative path, spec.volumes[0].projected.sources[5].configMap.name: Required value]"
    );
    assert!(passes(
        "[{name: p, projected: {defaultMode: 0440, sources: [{serviceAccountToken: {path: token, audience: api}}, {configMap: {name: kube-root-ca.crt, items: [{key: ca.crt, path: ca.crt}]}}, {downwardAPI: {items: [{path: namespace, fieldRef: {fieldPath: metadata.namespace}}]}}]}}]"
    ));
}

/// `validatePersistentClaimVolumeSource`, `validateNFSVolumeSource`,
/// `validateGitRepoVolumeSource`, `validateImageVolumeSource`
/// (`validatePullPolicy`).
#[test]
fn claims_nfs_git_and_images() {
    assert_eq!(
        volumes(
            "[{name: a, persistentVolumeClaim: {claimName: ''}}, {name: b, nfs: {server: '', path: srv}}, {name: c, gitRepo: {directory: /x}}, {name: d, image: {reference: ''}}, {name: e, image: {reference: nginx, pullPolicy: Sometimes}}]"
        ),
        "[spec.volumes[0].persistentVolumeClaim.claimName: Required value, spec.volumes[1].nfs.server: Required value, spec.volumes[1].nfs.path: Invalid value: \"srv\": must be an absolute path, spec.volumes[2].gitRepo.repository: Required value, spec.volumes[2].gitRepo.directory: Invalid value: \"/x\": must be a relative path, spec.volumes[3].image.reference: Required value, spec.volumes[4].image.pullPolicy: Unsupported value: \"Sometimes\": supported values: \"Always\", \"IfNotPresent\", \"Never\"]"
    );
    assert!(passes(
        "[{name: a, persistentVolumeClaim: {claimName: data}}, {name: b, nfs: {server: nfs.local, path: /srv}}, {name: d, image: {reference: 'quay.io/org/artifact:v1'}}]"
    ));
}

/// `validateCSIVolumeSource` (`ValidateCSIDriverName`: required, at
/// most 63 bytes and a DNS subdomain lower-cased, so that an empty driver
/// fails twice; the secret's name a subdomain, refused at `csi.name` as
/// upstream has it).
#[test]
fn csi() {
    assert_eq!(
        volumes(
            "[{name: a, csi: {driver: '', nodePublishSecretRef: {}}}, {name: b, csi: {driver: Bad_Driver, nodePublishSecretRef: {name: Bad}}}]"
        ),
        "[spec.volumes[0].csi.driver: Required value, spec.volumes[0].csi.driver: Invalid value: \"\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*'), spec.volumes[0].csi.nodePublishSecretRef.name: Required value, spec.volumes[1].csi.driver: Invalid value: \"Bad_Driver\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*'), spec.volumes[1].csi.name: Invalid value: \"Bad\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')]"
    );
    assert!(passes(
        "[{name: a, csi: {driver: Secrets-Store.csi.k8s.io, nodePublishSecretRef: {name: creds}}}]"
    ));
}

/// `validateEphemeralVolumeSource` and `ValidatePersistentVolumeClaimTemplate`:
/// a template, with labels and annotations only (`ValidateTemplateObjectMeta`),
/// and a claim's spec (`ValidatePersistentVolumeClaimSpec`).
#[test]
fn ephemeral() {
    assert_eq!(
        volumes("[{name: a, ephemeral: {}}]"),
        "spec.volumes[0].ephemeral.volumeClaimTemplate: Required value"
    );
    assert_eq!(
        volumes(
            "[{name: a, ephemeral: {volumeClaimTemplate: {metadata: {name: x, uid: u, labels: {'a b': c}}, spec: {accessModes: [Bad], dataSource: {kind: Snap, name: s}}}}}]"
        ),
        "[spec.volumes[0].ephemeral.volumeClaimTemplate.metadata.labels: Invalid value: \"a b\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'), spec.volumes[0].ephemeral.volumeClaimTemplate.metadata.name: Forbidden: cannot be set, spec.volumes[0].ephemeral.volumeClaimTemplate.metadata.uID: Forbidden: cannot be set, spec.volumes[0].ephemeral.volumeClaimTemplate.spec.accessModes: Unsupported value: \"Bad\": supported values: \"ReadOnlyMany\", \"ReadWriteMany\", \"ReadWriteOnce\", \"ReadWriteOncePod\", spec.volumes[0].ephemeral.volumeClaimTemplate.spec.resources[storage]: Required value, spec.volumes[0].ephemeral.volumeClaimTemplate.spec.dataSource: Invalid value: \"Snap\": must be 'PersistentVolumeClaim' when referencing the default apiGroup]"
    );
    assert!(passes(
        "[{name: scratch, ephemeral: {volumeClaimTemplate: {metadata: {labels: {app: web}}, spec: {accessModes: [ReadWriteOnce], storageClassName: fast, resources: {requests: {storage: 1Gi}}}}}}]"
    ));
}

/// The in-tree plugins' required fields and own rules
/// (`validateGCEPersistentDiskVolumeSource` at `persistentDisk`, as
/// upstream has it; `validateCinderVolumeSource`,
/// `validateStorageOSVolumeSource`, `validateFlexVolumeSource`,
/// `validateFlockerVolumeSource`, `validateCephFSVolumeSource`).
#[cfg(feature = "rare-kinds")]
#[test]
fn in_tree_plugins() {
    assert_eq!(
        volumes(
            "[{name: a, gcePersistentDisk: {partition: 300}}, {name: b, cinder: {volumeID: v, secretRef: {}}}, {name: c, storageos: {volumeName: Bad, volumeNamespace: ns}}, {name: d, flexVolume: {driver: x/y, options: {a: b, example.k8s.io/c: d}}}, {name: e, flocker: {datasetName: a/b, datasetUUID: u}}, {name: f, cephfs: {monitors: []}}]"
        ),
        "[spec.volumes[0].persistentDisk.pdName: Required value, spec.volumes[0].persistentDisk.partition: Invalid value: 300: must be between 1 and 255, inclusive, spec.volumes[1].cinder.secretRef.name: Required value, spec.volumes[2].storageos.volumeName: Invalid value: \"Bad\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?'), spec.volumes[3].flexVolume.options[example.k8s.io/c]: Invalid value: \"example.k8s.io/c\": kubernetes.io and k8s.io namespaces are reserved, spec.volumes[4].flocker: Invalid value: \"resource\": datasetName and datasetUUID can not be specified simultaneously, spec.volumes[4].flocker.datasetName: Invalid value: \"a/b\": must not contain '/', spec.volumes[5].cephfs.monitors: Required value]"
    );
}

/// `validateISCSIVolumeSource` (and `validateVolumeSource`'s length of
/// `<volume>:<portal>` with an initiator), `validateFCVolumeSource`,
/// `validateQuobyteVolumeSource`, `validateAzureDisk`.
#[cfg(feature = "rare-kinds")]
#[test]
fn iscsi_fc_quobyte_and_azure_disks() {
    assert_eq!(
        volumes(
            "[{name: a, iscsi: {targetPortal: '', iqn: iqn.2001-04.com.example, lun: 300, chapAuthSession: true, initiatorName: eui.123}}, {name: b, fc: {targetWWNs: [w], wwids: [x]}}, {name: c, fc: {}}, {name: d, quobyte: {registry: 'r:1,bad', volume: ''}}, {name: e, azureDisk: {diskName: d, diskURI: 'http://x', kind: Managed, cachingMode: Fast}}, {name: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa, iscsi: {targetPortal: '192.168.100.200:3260', iqn: 'iqn.2001-04.com.example:storage', initiatorName: 'iqn.2001-04.com.example:node1'}}]"
        ),
        "[spec.volumes[0].iscsi.targetPortal: Required value, spec.volumes[0].iscsi.iqn: Invalid value: \"iqn.2001-04.com.example\": must be valid format, spec.volumes[0].iscsi.lun: Invalid value: 300: must be between 0 and 255, inclusive, spec.volumes[0].iscsi.secretRef: Required value, spec.volumes[0].iscsi.initiatorname: Invalid value: \"eui.123\": must be valid format, spec.volumes[1].fc.targetWWNs: Invalid value: [\"w\"]: targetWWNs and wwids can not be specified simultaneously, spec.volumes[1].fc.lun: Required value: lun is required if targetWWNs is specified, spec.volumes[2].fc.targetWWNs: Required value: must specify either targetWWNs or wwids, but not both, spec.volumes[3].quobyte.registry: Invalid value: \"r:1,bad\": must be a host:port pair or multiple pairs separated by commas, spec.volumes[3].quobyte.volume: Required value, spec.volumes[4].azureDisk.cachingMode: Unsupported value: \"Fast\": supported values: \"None\", \"ReadOnly\", \"ReadWrite\", spec.volumes[4].azureDisk.diskURI: Unsupported value: \"http://x\": supported values: \"/subscriptions/{sub-id}/resourcegroups/{group-name}/providers/microsoft.compute/disks/{disk-id}\", spec.volumes[5].name: Invalid value: \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\": Total length of <volume name>:<iscsi.targetPortal> must be under 64 characters if iscsi.initiatorName is specified.]"
    );
    assert!(passes(
        "[{name: a, iscsi: {targetPortal: '10.0.0.1:3260', iqn: 'iqn.2001-04.com.example:storage', lun: 1, initiatorName: eui.0123456789ABCDEF}}, {name: b, fc: {wwids: [x]}}, {name: c, fc: {targetWWNs: [w], lun: 0}}, {name: d, quobyte: {registry: 'r:1,[::1]:2', volume: v}}, {name: e, azureDisk: {diskName: d, diskURI: 'https://a.blob.core.windows.net/c/d.vhd'}}]"
    ));
}

/// A Deployment applied through a scenario (defaulted as the server has
/// it): its template's volume mistakes in upstream's order, then the
/// mount of the volume they make invalid.
#[test]
fn a_deployment_lists_the_volume_mistakes() {
    use crate::scenario::{Outcome, run_scenario_text};
    let text = "scenario: v1\nname: volumes\nschema: {builtin: apps/v1/Deployment}\nsteps:\n- manager: m\n  op: apply\n  object:\n    apiVersion: apps/v1\n    kind: Deployment\n    metadata: {name: web, namespace: d}\n    spec:\n      selector: {matchLabels: {app: web}}\n      template:\n        metadata: {labels: {app: web}}\n        spec:\n          volumes:\n          - name: config\n            configMap: {items: [{key: nginx.conf, path: /etc/nginx.conf}]}\n          containers:\n          - name: app\n            image: nginx\n            volumeMounts: [{name: config, mountPath: /etc/nginx}]\n";
    let result = run_scenario_text(text).unwrap();
    let step = &result.steps[0];
    assert_eq!(step.outcome, Outcome::Invalid);
    assert_eq!(
        step.message,
        "Deployment.apps \"web\" is invalid: [spec.template.spec.volumes[0].configMap.name: Required value, spec.template.spec.volumes[0].configMap.items[0].path: Invalid value: \"/etc/nginx.conf\": must be a relative path, spec.template.spec.containers[0].volumeMounts[0].name: Not found: \"config\"]"
    );
    let fixed = text
        .replace("{items:", "{name: nginx, items:")
        .replace("path: /etc/", "path: ");
    let result = run_scenario_text(&fixed).unwrap();
    assert_eq!(
        result.steps[0].outcome,
        Outcome::Applied,
        "{}",
        result.steps[0].message
    );
}
