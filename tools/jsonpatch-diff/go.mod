module jsonpatchdiff

go 1.23

require gopkg.in/evanphx/json-patch.v4 v4.13.0
