import { ValidationError, ValidationPipe } from '@nestjs/common';
import { BugzillaError, ErrorCode } from './bugzilla-error.js';

function firstProblem(errors: ValidationError[], parent = ''): { property: string; constraint: string } {
  const error = errors[0];
  const property = parent ? `${parent}.${error.property}` : error.property;
  if (error.constraints) return { property, constraint: Object.values(error.constraints)[0] };
  if (error.children?.length) return firstProblem(error.children, property);
  return { property, constraint: 'invalid value' };
}

/** The one validation pipe: DTO failures leave as Bugzilla's 53 (param_invalid), naming the parameter. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidUnknownValues: false,
    exceptionFactory: (errors) => {
      const { property, constraint } = firstProblem(errors);
      return new BugzillaError(ErrorCode.PARAM_INVALID, `The '${property}' parameter is invalid: ${constraint}.`);
    },
  });
}
