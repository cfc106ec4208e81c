module smddiff

go 1.23

require (
	go.yaml.in/yaml/v2 v2.4.2
	sigs.k8s.io/structured-merge-diff/v6 v6.4.2
)
