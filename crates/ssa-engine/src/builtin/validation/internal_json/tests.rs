//! The internal pod template as encoding/json prints it, checked field by
//! field against `pkg/apis/core/types.go` (Kubernetes 1.36).

#![allow(clippy::unwrap_used)]

use super::*;

fn v(text: &str) -> Value {
    crate::yaml::parse(text).unwrap().value
}

/// The template the engine stores for the Job of the Kubernetes docs
/// (`kubectl apply` of `pi`: one container `pi`, image `perl:5.34`, a
/// command, `restartPolicy: Never`), as defaulted: the Job's selector
/// labels, `SetDefaults_PodSpec` (dnsPolicy, terminationGracePeriodSeconds,
/// securityContext, schedulerName) and `SetDefaults_Container`.
const PI: &str = r#"
metadata:
  labels:
    job-name: pi
    batch.kubernetes.io/job-name: pi
    controller-uid: 7ff18927-9cc9-4ef3-a19c-118f494d8069
    batch.kubernetes.io/controller-uid: 7ff18927-9cc9-4ef3-a19c-118f494d8069
spec:
  containers:
  - name: pi
    image: perl:5.34
    command: [perl, -Mbignum=bpi, -wle, print bpi(2000)]
    imagePullPolicy: IfNotPresent
    terminationMessagePath: /dev/termination-log
    terminationMessagePolicy: File
    resources: {}
  restartPolicy: Never
  dnsPolicy: ClusterFirst
  terminationGracePeriodSeconds: 30
  securityContext: {}
  schedulerName: default-scheduler
"#;

/// Derived by hand from the types: PodTemplateSpec embeds
/// `metav1.ObjectMeta` without a tag (its json fields inline, omitempty),
/// then `Spec`; every PodSpec, Container and PodSecurityContext field in
/// declaration order, zero values printed.
fn pi_expected() -> String {
    let object_meta = concat!(
        r#""labels":{"batch.kubernetes.io/controller-uid":"7ff18927-9cc9-4ef3-a19c-118f494d8069","#,
        r#""batch.kubernetes.io/job-name":"pi","#,
        r#""controller-uid":"7ff18927-9cc9-4ef3-a19c-118f494d8069","job-name":"pi"}"#,
    );
    let container = concat!(
        r#"{"Name":"pi","Image":"perl:5.34","#,
        r#""Command":["perl","-Mbignum=bpi","-wle","print bpi(2000)"],"Args":null,"#,
        r#""WorkingDir":"","Ports":null,"EnvFrom":null,"Env":null,"#,
        r#""Resources":{"Limits":null,"Requests":null,"Claims":null},"#,
        r#""ResizePolicy":null,"RestartPolicy":null,"RestartPolicyRules":null,"#,
        r#""VolumeMounts":null,"VolumeDevices":null,"#,
        r#""LivenessProbe":null,"ReadinessProbe":null,"StartupProbe":null,"Lifecycle":null,"#,
        r#""TerminationMessagePath":"/dev/termination-log","TerminationMessagePolicy":"File","#,
        r#""ImagePullPolicy":"IfNotPresent","SecurityContext":null,"#,
        r#""Stdin":false,"StdinOnce":false,"TTY":false}"#,
    );
    let pod_security_context = concat!(
        r#"{"HostNetwork":false,"HostPID":false,"HostIPC":false,"#,
        r#""ShareProcessNamespace":null,"HostUsers":null,"#,
        r#""SELinuxOptions":null,"WindowsOptions":null,"RunAsUser":null,"RunAsGroup":null,"#,
        r#""RunAsNonRoot":null,"SupplementalGroups":null,"SupplementalGroupsPolicy":null,"#,
        r#""FSGroup":null,"FSGroupChangePolicy":null,"Sysctls":null,"SeccompProfile":null,"#,
        r#""AppArmorProfile":null,"SELinuxChangePolicy":null}"#,
    );
    let spec_head = r#""Volumes":null,"InitContainers":null,"Containers":["#;
    let spec_middle = concat!(
        r#"],"EphemeralContainers":null,"RestartPolicy":"Never","#,
        r#""TerminationGracePeriodSeconds":30,"ActiveDeadlineSeconds":null,"#,
        r#""DNSPolicy":"ClusterFirst","NodeSelector":null,"ServiceAccountName":"","#,
        r#""AutomountServiceAccountToken":null,"NodeName":"","SecurityContext":"#,
    );
    let spec_tail = concat!(
        r#","ImagePullSecrets":null,"Hostname":"","Subdomain":"","SetHostnameAsFQDN":null,"#,
        r#""Affinity":null,"SchedulerName":"default-scheduler","Tolerations":null,"#,
        r#""HostAliases":null,"PriorityClassName":"","Priority":null,"PreemptionPolicy":null,"#,
        r#""DNSConfig":null,"ReadinessGates":null,"RuntimeClassName":null,"Overhead":null,"#,
        r#""EnableServiceLinks":null,"TopologySpreadConstraints":null,"OS":null,"#,
        r#""SchedulingGates":null,"ResourceClaims":null,"Resources":null,"#,
        r#""HostnameOverride":null,"SchedulingGroup":null"#,
    );
    format!(
        "{{{object_meta},\"Spec\":{{{spec_head}{container}{spec_middle}{pod_security_context}{spec_tail}}}}}"
    )
}

#[test]
fn a_defaulted_job_template_prints_as_the_internal_struct() {
    assert_eq!(pod_template_spec(&v(PI)), pi_expected());
}

/// `Convert_v1_PodSpec_To_core_PodSpec`: the host namespace fields move
/// into the (always present) PodSecurityContext, ahead of its own fields;
/// `serviceAccount` stands in for an empty `serviceAccountName`.
#[test]
fn host_fields_move_into_the_pod_security_context() {
    let t = v(r#"
spec:
  hostNetwork: true
  hostPID: true
  hostIPC: true
  shareProcessNamespace: true
  hostUsers: false
  serviceAccount: legacy
  securityContext: {runAsUser: 1000, sysctls: [{name: a, value: b}]}
  containers: []
"#);
    let printed = pod_template_spec(&t);
    assert!(
        printed.contains(concat!(
            r#""ServiceAccountName":"legacy","AutomountServiceAccountToken":null,"NodeName":"","#,
            r#""SecurityContext":{"HostNetwork":true,"HostPID":true,"HostIPC":true,"#,
            r#""ShareProcessNamespace":true,"HostUsers":false,"SELinuxOptions":null,"#,
            r#""WindowsOptions":null,"RunAsUser":1000,"#
        )),
        "{printed}"
    );
    assert!(
        printed.contains(r#""Sysctls":[{"Name":"a","Value":"b"}]"#),
        "{printed}"
    );
    // No v1 names of the moved or dropped fields.
    for gone in ["hostNetwork", "serviceAccount\"", "HostNetwork\":false"] {
        assert!(!printed.contains(gone), "{gone} in {printed}");
    }
    // Without a securityContext the struct is there all the same; the new
    // field wins over the deprecated one; `[]` stays `[]`.
    let t = v("spec: {serviceAccountName: new, serviceAccount: old, containers: []}");
    let printed = pod_template_spec(&t);
    assert!(
        printed.starts_with(r#"{"Spec":{"Volumes":null,"InitContainers":null,"Containers":[],"#)
    );
    assert!(printed.contains(r#""ServiceAccountName":"new","#));
    assert!(printed.contains(r#""SecurityContext":{"HostNetwork":false,"HostPID":false,"#));
}

/// `dropInitContainerAnnotations`; the rest of the metadata keeps its json
/// names, `omitempty` and (since 1.34) `omitzero` of creationTimestamp.
#[test]
fn the_template_metadata_is_inline_without_init_container_annotations() {
    let t = v(r#"
metadata:
  name: x
  creationTimestamp: null
  annotations:
    pod.beta.kubernetes.io/init-containers: "[]"
    b: "<&>"
    a: "1"
spec: {}
"#);
    assert!(
        pod_template_spec(&t).starts_with(
            r#"{"name":"x","annotations":{"a":"1","b":"\u003c\u0026\u003e"},"Spec":{"#
        ),
        "{}",
        pod_template_spec(&t)
    );
    let only = v("metadata: {annotations: {pod.alpha.kubernetes.io/init-container-statuses: x}}");
    assert!(pod_template_spec(&only).starts_with(r#"{"Spec":{"Volumes":null,"#));
    let stamped = v("metadata: {creationTimestamp: '2026-01-02T03:04:05Z'}");
    assert!(
        pod_template_spec(&stamped)
            .starts_with(r#"{"creationTimestamp":"2026-01-02T03:04:05Z","Spec":"#)
    );
}

/// Embedded structs print inline (Volume's VolumeSource, Probe's
/// ProbeHandler, LocalObjectReference, PersistentVolumeClaimTemplate's
/// ObjectMeta from v1 `metadata`); Go names that are not the json name
/// with a capital (`TTY`, `HTTPGet`); quantities as stored (canonical);
/// IntOrString as it was; map keys sorted.
#[test]
fn nested_types_print_as_their_go_structs() {
    let t = v(r#"
spec:
  volumes:
  - name: cfg
    configMap: {name: app-config, defaultMode: 420}
  - name: scratch
    ephemeral:
      volumeClaimTemplate:
        metadata: {labels: {k: v}}
        spec:
          accessModes: [ReadWriteOnce]
          resources: {requests: {storage: 1Gi}}
  containers:
  - name: c
    tty: true
    resources: {limits: {memory: 1Gi, cpu: 500m}}
    readinessProbe:
      httpGet: {path: /healthz, port: http, scheme: HTTP}
      periodSeconds: 10
    livenessProbe:
      tcpSocket: {port: 8080}
    env:
    - name: POD
      valueFrom: {fieldRef: {apiVersion: v1, fieldPath: metadata.name}}
  tolerations: [{key: k, operator: Exists, effect: NoSchedule}]
"#);
    let printed = pod_template_spec(&t);
    for part in [
        concat!(
            r#""Volumes":[{"Name":"cfg","HostPath":null,"EmptyDir":null,"#,
            r#""GCEPersistentDisk":null,"AWSElasticBlockStore":null,"GitRepo":null,"#,
            r#""Secret":null,"NFS":null,"ISCSI":null,"Glusterfs":null,"#,
            r#""PersistentVolumeClaim":null,"RBD":null,"Quobyte":null,"FlexVolume":null,"#,
            r#""Cinder":null,"CephFS":null,"Flocker":null,"DownwardAPI":null,"FC":null,"#,
            r#""AzureFile":null,"ConfigMap":{"Name":"app-config","Items":null,"#,
            r#""DefaultMode":420,"Optional":null},"VsphereVolume":null,"#
        ),
        concat!(
            r#""Ephemeral":{"VolumeClaimTemplate":{"labels":{"k":"v"},"Spec":{"#,
            r#""AccessModes":["ReadWriteOnce"],"Selector":null,"#,
            r#""Resources":{"Limits":null,"Requests":{"storage":"1Gi"}},"VolumeName":"","#,
            r#""StorageClassName":null,"VolumeMode":null,"DataSource":null,"#,
            r#""DataSourceRef":null,"VolumeAttributesClassName":null}}},"Image":null}"#
        ),
        r#""Resources":{"Limits":{"cpu":"500m","memory":"1Gi"},"Requests":null,"Claims":null}"#,
        concat!(
            r#""Env":[{"Name":"POD","Value":"","ValueFrom":{"FieldRef":"#,
            r#"{"APIVersion":"v1","FieldPath":"metadata.name"},"ResourceFieldRef":null,"#,
            r#""ConfigMapKeyRef":null,"SecretKeyRef":null,"FileKeyRef":null}}]"#
        ),
        concat!(
            r#""LivenessProbe":{"Exec":null,"HTTPGet":null,"#,
            r#""TCPSocket":{"Port":8080,"Host":""},"GRPC":null,"InitialDelaySeconds":0,"#
        ),
        concat!(
            r#""ReadinessProbe":{"Exec":null,"HTTPGet":{"Path":"/healthz","Port":"http","#,
            r#""Host":"","Scheme":"HTTP","HTTPHeaders":null},"TCPSocket":null,"GRPC":null,"#,
            r#""InitialDelaySeconds":0,"TimeoutSeconds":0,"PeriodSeconds":10,"#,
            r#""SuccessThreshold":0,"FailureThreshold":0,"TerminationGracePeriodSeconds":null}"#
        ),
        r#""Stdin":false,"StdinOnce":false,"TTY":true}"#,
        r#""Tolerations":[{"Key":"k","Operator":"Exists","Value":"","Effect":"NoSchedule","TolerationSeconds":null}]"#,
    ] {
        assert!(printed.contains(part), "{part}\nnot in\n{printed}");
    }
}

/// One type code of the table, checked whole: `Some(rest)` after it.
fn type_code(ty: &str, structs: usize) -> Option<&str> {
    let (first, rest) = (ty.as_bytes().first()?, &ty[1..]);
    match first {
        b'*' | b'[' | b'{' => type_code(rest, structs),
        b'@' | b'~' => {
            let end = rest
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len());
            (rest[..end].parse::<usize>().ok()? < structs).then_some(&rest[end..])
        }
        b's' | b'i' | b'b' | b'q' | b'n' | b't' | b'r' => Some(rest),
        _ => None,
    }
}

/// The catalogue's table reads whole (the printer skips what does not):
/// struct 0 is PodTemplateSpec, every field is `[KEY, TYPE, SRC...]` with
/// its indexes in range, and only PodSecurityContext reads its holder's
/// fields (the five that conversion.go moves there).
#[test]
fn the_table_reads_whole() {
    let catalogue = crate::builtin::catalogue().unwrap();
    let types = catalogue
        .internal_types
        .as_ref()
        .unwrap()
        .get("types")
        .unwrap();
    let types = types.as_list().unwrap();
    assert!(types.len() > 100);
    let mut moved = Vec::new();
    for entry in types {
        let entry = entry.as_list().unwrap();
        let name = entry[0].as_str().unwrap();
        for field in &entry[1..] {
            let text: Vec<&str> = field
                .as_list()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap())
                .collect();
            let ty = text[1].strip_prefix('?').unwrap_or(text[1]);
            assert_eq!(type_code(ty, types.len()), Some(""), "{name}: {text:?}");
            for source in &text[2..] {
                if let Some(key) = source.strip_prefix('^') {
                    moved.push(format!("{name}.{}={key}", text[0]));
                }
            }
        }
    }
    assert_eq!(
        types[0].to_json(),
        r#"["PodTemplateSpec",["metadata","~1"],["Spec","@4"]]"#
    );
    assert_eq!(
        moved,
        [
            "PodSecurityContext.HostNetwork=hostNetwork",
            "PodSecurityContext.HostPID=hostPID",
            "PodSecurityContext.HostIPC=hostIPC",
            "PodSecurityContext.ShareProcessNamespace=shareProcessNamespace",
            "PodSecurityContext.HostUsers=hostUsers",
        ]
    );
}

/// The named tables (`STORAGE_TYPES`, `RESOURCE_TYPES`) read whole, and
/// each struct they name is theirs or the catalogue's (a volume source, a
/// node selector, `ObjectMeta`), of one name only.
#[test]
fn the_named_tables_refer_to_known_structs() {
    let catalogue = table().unwrap();
    for named in [STORAGE_TYPES, RESOURCE_TYPES] {
        let own = crate::json::from_str(named).unwrap();
        let own = own.as_list().unwrap();
        let name_of = |t: &Value| t.as_list().unwrap()[0].as_str().unwrap().to_string();
        let known: Vec<String> = catalogue.iter().chain(own).map(name_of).collect();
        for entry in own {
            let name = name_of(entry);
            assert_eq!(known.iter().filter(|k| **k == name).count(), 1, "{name}");
            for field in &entry.as_list().unwrap()[1..] {
                let ty = field.as_list().unwrap()[1].as_str().unwrap();
                let inner = ty.trim_start_matches(['?', '*', '[', '{']);
                match inner.strip_prefix(['@', '~']) {
                    Some(reference) => assert!(known.iter().any(|k| k == reference), "{ty}"),
                    None => assert!(matches!(inner, "s" | "i" | "b" | "q" | "t" | "r"), "{ty}"),
                }
            }
        }
    }
}

/// A table that does not read prints what it can, without a panic: a
/// field without a type is `null`, a struct past the table `{}`, an inline
/// one nothing; a number where a field should be is skipped.
#[test]
fn a_bad_table_prints_what_it_can() {
    let types = v(
        r#"[[T, [a, s], [b], [c, "@9"], [d, "~9"], [e, "*@0x"], [f, "?s"], [g, i], [h, s, ""], 7], [U]]"#,
    );
    let object = v("{a: x, c: {}, g: 2}");
    let mut printer = Printer {
        types: types.as_list().unwrap(),
        out: String::new(),
    };
    printer.write_struct(0, object.as_map(), None);
    assert_eq!(
        printer.out,
        r#"{"a":"x","b":null,"c":{},"e":null,"g":2,"h":""}"#
    );
}

/// Values of another shape than the struct's are printed as they are
/// rather than dropped.
#[test]
fn unexpected_shapes_are_printed_as_they_are() {
    let printed = pod_template_spec(&v(
        "spec: {terminationGracePeriodSeconds: '30', nodeSelector: [a]}",
    ));
    assert!(
        printed.contains(r#""TerminationGracePeriodSeconds":"30","#),
        "{printed}"
    );
    assert!(printed.contains(r#""NodeSelector":["a"],"#), "{printed}");
}
