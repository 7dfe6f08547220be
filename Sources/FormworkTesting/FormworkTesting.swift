@_exported import Formwork
