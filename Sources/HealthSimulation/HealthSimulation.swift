import HealthCore
