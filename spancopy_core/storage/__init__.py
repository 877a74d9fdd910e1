"""Model directories on disk: reading untrusted files (``files``), the torch-free parts of a
model directory (``model_dir``), saving and loading whole models (``checkpoint``)."""
