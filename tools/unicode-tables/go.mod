module unicodetables

go 1.21
