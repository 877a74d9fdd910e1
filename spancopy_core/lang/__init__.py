"""Front-ends shared by the trainer and the server: Java (tree-sitter) and prose."""
