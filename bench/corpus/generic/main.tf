terraform {
  required_version = ">= 1.5"
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.40"
    }
    random = {
      source  = "hashicorp/random"
      version = "~> 3.6"
    }
  }
  backend "s3" {
    bucket = "acme-terraform-state"
    key    = "reporting/prod.tfstate"
    region = "eu-west-1"
  }
}

provider "aws" {
  region = var.region
  # expect: CWE-798
  access_key = "AKIA4XQ7LM2RZPW3KD6N"
  # expect: CWE-798
  secret_key = "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"
}

variable "region" {
  type    = string
  default = "eu-west-1"
}

variable "analytics_db_password" {
  type      = string
  sensitive = true
}

variable "environment" {
  type    = string
  default = "prod"
}

resource "random_password" "reporting_db" {
  length  = 32
  special = true
}

resource "aws_db_instance" "reporting" {
  identifier              = "reporting-${var.environment}"
  engine                  = "postgres"
  engine_version          = "16.2"
  instance_class          = "db.t4g.medium"
  allocated_storage       = 100
  db_name                 = "reporting"
  username                = "reporting_admin"
  password                = random_password.reporting_db.result
  storage_encrypted       = true
  backup_retention_period = 14
  skip_final_snapshot     = false
}

resource "aws_db_instance" "analytics" {
  identifier        = "analytics-${var.environment}"
  engine            = "mysql"
  engine_version    = "8.0"
  instance_class    = "db.t4g.large"
  allocated_storage = 200
  db_name           = "analytics"
  username          = "analytics_admin"
  password          = var.analytics_db_password
  storage_encrypted = true
}

resource "aws_db_instance" "legacy_etl" {
  identifier        = "legacy-etl-${var.environment}"
  engine            = "postgres"
  engine_version    = "13.14"
  instance_class    = "db.t3.medium"
  allocated_storage = 50
  username          = "etl"
  # expect: CWE-798
  password          = "EtlLegacy#2021!pg"
  storage_encrypted = true
}

resource "aws_secretsmanager_secret" "reporting_db" {
  name = "reporting/${var.environment}/db"
}

resource "aws_secretsmanager_secret_version" "reporting_db" {
  secret_id = aws_secretsmanager_secret.reporting_db.id
  secret_string = jsonencode({
    username = aws_db_instance.reporting.username
    password = random_password.reporting_db.result
    host     = aws_db_instance.reporting.address
  })
}

resource "aws_ssm_parameter" "grafana_api_token" {
  name  = "/reporting/${var.environment}/grafana-token"
  type  = "SecureString"
  # expect: CWE-798
  value = "glsa_Xr8Kq2Lm7Wv4Tz9Pb3Nc6Yd1Hf5Js0Ga_7e3c91d2"
}

output "reporting_endpoint" {
  value = aws_db_instance.reporting.address
}
