import GRDB
import HealthStorage
