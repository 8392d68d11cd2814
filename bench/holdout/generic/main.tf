terraform {
  required_version = ">= 1.5"
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.0"
    }
    random = {
      source  = "hashicorp/random"
      version = "~> 3.5"
    }
  }
  backend "s3" {
    bucket = "acme-terraform-state"
    key    = "iot-portal/prod/terraform.tfstate"
    region = "eu-central-1"
  }
}

provider "aws" {
  region     = var.region
  access_key = "AKIA2XQ7VM4LRT9KDP3N"
  # expect: CWE-798
  secret_key = "Hs9vL2mQ7xR4tW8zN1bK5cY3pF6gJ0dE2aU9iO4s"
}

variable "region" {
  type    = string
  default = "eu-central-1"
}

variable "db_username" {
  type    = string
  default = "portal_admin"
}

variable "grafana_admin_password" {
  type      = string
  sensitive = true
}

resource "random_password" "telemetry_db" {
  length  = 32
  special = true
}

resource "aws_db_instance" "portal" {
  identifier              = "iot-portal-prod"
  engine                  = "postgres"
  engine_version          = "16.2"
  instance_class          = "db.t4g.medium"
  allocated_storage       = 100
  db_name                 = "portal"
  username                = var.db_username
  # expect: CWE-798
  password                = "P0rtal-Prod-DB!2024"
  storage_encrypted       = true
  backup_retention_period = 14
  skip_final_snapshot     = false
}

resource "aws_db_instance" "telemetry" {
  identifier          = "iot-telemetry-prod"
  engine              = "postgres"
  engine_version      = "16.2"
  instance_class      = "db.r6g.large"
  allocated_storage   = 500
  db_name             = "telemetry"
  username            = "telemetry"
  password            = random_password.telemetry_db.result
  storage_encrypted   = true
  skip_final_snapshot = false
}

resource "aws_secretsmanager_secret" "telemetry_db" {
  name = "iot-portal/prod/telemetry-db"
}

resource "aws_secretsmanager_secret_version" "telemetry_db" {
  secret_id     = aws_secretsmanager_secret.telemetry_db.id
  secret_string = jsonencode({ username = "telemetry", password = random_password.telemetry_db.result })
}

resource "aws_ssm_parameter" "grafana_admin" {
  name  = "/iot-portal/prod/grafana/admin-password"
  type  = "SecureString"
  value = var.grafana_admin_password
}

resource "aws_ssm_parameter" "mqtt_broker_token" {
  name = "/iot-portal/prod/mqtt/broker-token"
  type = "SecureString"
  # expect: CWE-798
  value = "mqtt_tok_7Gk2Xw9Lq4Vr8Nz3Bc6Jt1Hy5Ds0Fa"
}

output "portal_db_endpoint" {
  value = aws_db_instance.portal.endpoint
}
