module smpdiff

go 1.26

require (
	k8s.io/api v0.36.0
	k8s.io/apimachinery v0.36.0
)
