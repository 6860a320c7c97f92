"""The hand calculator as a static page: its build (:mod:`.build`) and its Python half (:mod:`.calculator_entry`)."""
