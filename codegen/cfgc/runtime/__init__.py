"""Hand-written support the generated package imports at run time.

Kept free of the compiler's dependencies (jinja2, yaml) and of torch.
"""
