import { Controller, Get, Param, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/auth.decorators.js';
import { ErrorEnvelopeDto } from '../products/dto/product-response.dto.js';
import { ClassificationListDto } from './dto/classification.dto.js';
import { classificationParams, ClassificationsService } from './classifications.service.js';

/** Reading classifications (Bugzilla's Classification.get); anonymous callers are served too. */
@ApiTags('classifications')
@Controller('rest')
export class ClassificationsController {
  constructor(private readonly service: ClassificationsService) {}

  @Get('classification/:id_or_name')
  @ApiOperation({
    summary: 'Classifications by id or name, with the products the caller may see in them.',
    description:
      'The path value (an id when all digits, else a name, matched case-insensitively) comes first, then ' +
      'the query `names` and `ids`. With `useclassification` off only members of `editclassifications` are ' +
      'answered (900 for everyone else, before any lookup). Members of `editclassifications` see every ' +
      'product; others only the products they can select, and no classification where that is none.',
  })
  @ApiParam({ name: 'id_or_name', type: String, description: 'A classification id (all digits) or name.' })
  @ApiQuery({ name: 'names', required: false, isArray: true, type: String, description: 'More names.' })
  @ApiQuery({ name: 'ids', required: false, isArray: true, type: Number, description: 'More ids.' })
  @ApiQuery({
    name: 'include_fields',
    required: false,
    isArray: true,
    type: String,
    description: 'Fields to return, e.g. `name`, `products.name`.',
  })
  @ApiQuery({
    name: 'exclude_fields',
    required: false,
    isArray: true,
    type: String,
    description: 'Fields to leave out.',
  })
  @ApiOkResponse({ type: ClassificationListDto })
  @ApiBadRequestResponse({
    type: ErrorEnvelopeDto,
    description:
      'Classification not enabled (900), blank name (50), non-numeric id (52), ' +
      'unknown API key (306) or token (32000).',
  })
  @ApiUnauthorizedResponse({
    type: ErrorEnvelopeDto,
    description: 'Wrong login or password (300), disabled account (301), or login required by requirelogin (410).',
  })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDto, description: 'No classification of that name or id (51).' })
  get(
    @CurrentUser() user: AuthUser,
    @Param('id_or_name') idOrName: string,
    @Query() query: Record<string, unknown>,
  ): Promise<ClassificationListDto> {
    return this.service.get(user, classificationParams(query, idOrName));
  }
}
