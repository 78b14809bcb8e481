// placeholder: replaced by the harness
