Creator "igraph version 0.10.4 Thu Nov 26 2026"
Version 1
graph
[
  directed 0
  node
  [
    id 0
    label "v0"
  ]
  node [ id 1 label "v1" ]
  node [ id 2 label "v2" ]
  node [ id 3 label "v3" ]
  node [ id 4 label "v4" ]
  edge [ source 0 target 1 ]
  edge [ source 1 target 2 ]
  edge [ source 2 target 3 ]
  edge [ source 3 target 4 ]
  edge [ source 4 target 0 ]
]
